import { afterEach, describe, expect, it } from 'vitest';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { callApi } from '@/tests/fixtures/api';
import { createMerchant } from '@/tests/fixtures/factories';
import { rateLimitHits } from '@/db/schema/auth-codes';
import { PEER_ADDRESS_HEADER, PEER_HOOK_INSTALLED } from '@/lib/http/client-address';
import { PHONE_CODE_ADDRESS_DAILY, PHONE_CODE_MERCHANT_DAILY, PHONE_CODE_MERCHANT_HOURLY, addressKey } from '@/lib/rate-limit/rate-limit';
import { POST as sendPhoneCode } from '@/app/api/merchant/phone/sendCode/route';

const t = setupTestDatabase();
const flags = globalThis as Record<symbol, unknown>;

afterEach(() => {
  delete process.env.SMS_CODE_COUNTRIES;
  flags[PEER_HOOK_INSTALLED] = undefined;
});

type Answer = { phone: string; fieldErrors: Record<string, string>; retryAfter: number };
const send = (token: string, phone: string, address = '203.0.113.60', locale = 'en-US') => {
  flags[PEER_HOOK_INSTALLED] = true;
  return callApi<Answer>(sendPhoneCode, { method: 'POST', path: '/merchant/phone/sendCode', token, body: { phone }, headers: { [PEER_ADDRESS_HEADER]: address, 'x-forwarded-for': '6.6.6.6' }, locale });
};
const usNumber = (i: number) => `+1415555${String(1000 + i).padStart(4, '0')}`;

async function hits(bucket: string, key: string, count: number, hoursAgo: number) {
  const at = new Date(Date.now() - hoursAgo * 3600_000);
  await t.db.insert(rateLimitHits).values(Array.from({ length: count }, () => ({ bucket, key, createdAt: at })));
}

describe(`phone verification codes (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('go only to the allowed countries (default CN, HK, US), refused in every language', async () => {
    const m = await createMerchant(t.db);
    expect((await send(m.token, '+8613800138000')).status).toBe(200);
    expect((await send(m.token, '+85291234567')).status).toBe(200);
    expect((await send(m.token, usNumber(1))).status).toBe(200);
    const japan = await send(m.token, '+819012345678');
    expect(japan.status).toBe(400);
    expect(japan.body.data.fieldErrors.phone).toBe('Verification codes can only be sent to numbers in: CN, HK, US');
    expect((await send(m.token, '+819012345678', '203.0.113.60', 'zh-CN')).body.data.fieldErrors.phone).toBe('验证码只能发送到以下国家或地区的号码：CN, HK, US');
    expect((await send(m.token, '+819012345678', '203.0.113.60', 'zh-HK')).body.data.fieldErrors.phone).toBe('驗證碼只能發送到以下國家或地區的號碼：CN, HK, US');
    process.env.SMS_CODE_COUNTRIES = 'jp, us';
    expect((await send(m.token, '+819012345678')).status).toBe(200);
    expect((await send(m.token, '+85291234568')).status).toBe(400);
  });

  it('are capped per merchant per hour and per day, whatever the numbers', async () => {
    const m = await createMerchant(t.db);
    for (let i = 0; i < PHONE_CODE_MERCHANT_HOURLY.max; i++) expect((await send(m.token, usNumber(10 + i), `203.0.113.${70 + i}`)).status).toBe(200);
    const refused = await send(m.token, usNumber(30), '203.0.113.99');
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toMatch(/^Too many verification codes requested; try again in \d+ seconds$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    const daily = await createMerchant(t.db);
    await hits(PHONE_CODE_MERCHANT_DAILY.bucket, `merchant:${daily.merchantId}`, PHONE_CODE_MERCHANT_DAILY.max, 5);
    const capped = await send(daily.token, usNumber(40), '203.0.113.98');
    expect(capped.status).toBe(429);
    expect(capped.body.data.retryAfter).toBeGreaterThan(18 * 3600);
  });

  it('are capped per address per day, across merchants; a refused send does not count', async () => {
    await hits(PHONE_CODE_ADDRESS_DAILY.bucket, addressKey('203.0.113.80'), PHONE_CODE_ADDRESS_DAILY.max - 1, 2);
    const a = await createMerchant(t.db);
    const b = await createMerchant(t.db);
    expect((await send(a.token, usNumber(50), '203.0.113.80')).status).toBe(200);
    // The once-a-minute rule refuses this one before any SMS: its counts are taken back.
    expect((await send(a.token, usNumber(50), '203.0.113.81')).status).toBe(429);
    expect((await send(b.token, usNumber(51), '203.0.113.80')).status).toBe(429);
    expect((await send(b.token, usNumber(51), '203.0.113.81')).status).toBe(200);
  });
});
