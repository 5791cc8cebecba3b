import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { callApi } from '@/tests/fixtures/api';
import { createMerchant } from '@/tests/fixtures/factories';
import { outbox } from '@/db/schema/outbox';
import { authCodes } from '@/db/schema/auth-codes';
import { PEER_ADDRESS_HEADER, PEER_HOOK_INSTALLED } from '@/lib/http/client-address';
import { PASSWORD_RESET_LIMIT, PHONE_CODE_MERCHANT_HOURLY } from '@/lib/rate-limit/rate-limit';
import { PUT as putServiceEmail } from '@/app/api/merchant/serviceEmail/route';
import { POST as sendVerification } from '@/app/api/merchant/serviceEmail/sendVerification/route';
import { POST as sendEmailCode } from '@/app/api/user/sendEmailCode/route';
import { POST as sendPhoneCode } from '@/app/api/merchant/phone/sendCode/route';
import { POST as forgotRoute } from '@/app/api/user/password/forgot/route';

// Found from outside: rules checked before acting ("refused while Pending", once a minute, N an
// hour) let concurrent requests all pass, or all fail. Each is now decided under a lock on what
// the rule is about. Races need several connections: PostgreSQL.
const t = setupTestDatabase();
const flags = globalThis as Record<symbol, unknown>;

afterEach(() => {
  flags[PEER_HOOK_INSTALLED] = undefined;
});

const statuses = (answers: { status: number }[]) => answers.map((a) => a.status).sort();
const mailsTo = async (to: string) => (await t.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.to, to))).length;

describe.runIf(process.env.DATABASE_URL)('rules that concurrent requests must not slip past (PostgreSQL)', () => {
  it('five verification requests of the service e-mail at once: one mail, the rest refused as Pending', async () => {
    const m = await createMerchant(t.db);
    await callApi(putServiceEmail, { method: 'PUT', path: '/merchant/serviceEmail', token: m.token, body: { serviceEmail: 'desk@race.example' } });
    const answers = await Promise.all(Array.from({ length: 5 }, () => callApi(sendVerification, { method: 'POST', path: '/merchant/serviceEmail/sendVerification', token: m.token })));
    expect(statuses(answers)).toEqual([200, 409, 409, 409, 409]);
    expect(await mailsTo('desk@race.example')).toBe(1);
    const links = await t.db.select().from(authCodes).where(and(eq(authCodes.purpose, 'serviceEmail'), eq(authCodes.merchantId, m.merchantId)));
    expect(links).toHaveLength(1);
  });

  it('eight registration codes asked for one address at once: one code is mailed, the rest wait a minute', async () => {
    const email = 'twice.coded@race.example';
    const answers = await Promise.all(Array.from({ length: 8 }, () => callApi(sendEmailCode, { method: 'POST', path: '/user/sendEmailCode', body: { email } })));
    expect(statuses(answers)).toEqual([200, 429, 429, 429, 429, 429, 429, 429]);
    for (const refused of answers.filter((a) => a.status === 429)) expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(50);
    expect(await mailsTo(email)).toBe(1);
    const live = await t.db.select().from(authCodes).where(and(eq(authCodes.purpose, 'register'), eq(authCodes.target, email), sql`${authCodes.consumedAt} is null`));
    expect(live).toHaveLength(1);
  });

  it('six phone codes at once under an hourly cap of five: five pass, the sixth waits the true hour', async () => {
    const m = await createMerchant(t.db);
    flags[PEER_HOOK_INSTALLED] = true;
    const send = (i: number) =>
      callApi<{ retryAfter: number }>(sendPhoneCode, { method: 'POST', path: '/merchant/phone/sendCode', token: m.token, body: { phone: `+1415555${2000 + i}` }, headers: { [PEER_ADDRESS_HEADER]: `203.0.113.${110 + i}` } });
    const answers = await Promise.all(Array.from({ length: PHONE_CODE_MERCHANT_HOURLY.max + 1 }, (_, i) => send(i)));
    expect(statuses(answers)).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = answers.find((a) => a.status === 429);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(3500);
    // The wait was true: the hour is spent.
    expect((await send(20)).status).toBe(429);
  });

  it('six password resets at once under a limit of five: five pass, the sixth waits the true hour', async () => {
    const email = 'reset.race@race.example';
    const forgot = () => callApi(forgotRoute, { method: 'POST', path: '/user/password/forgot', body: { email } });
    const answers = await Promise.all(Array.from({ length: PASSWORD_RESET_LIMIT.max + 1 }, forgot));
    expect(statuses(answers)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(Number(answers.find((a) => a.status === 429)?.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect((await forgot()).status).toBe(429);
  });
});
