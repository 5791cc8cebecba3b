import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { upgradeRequests } from '@/db/schema/billing';
import { merchants } from '@/db/schema/merchants';
import { outbox } from '@/db/schema/outbox';
import { POST as requestUpgrade } from '@/app/api/billing/upgrade-request/route';
import { resetSmtpTransports } from '@/lib/messaging/smtp-transport';
import { callApi } from '@/tests/fixtures/api';
import { createMerchant, type TestMerchant } from '@/tests/fixtures/factories';
import { startSmtpSink, type SmtpSink } from '@/tests/fixtures/smtp-sink';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createStaff } from './team-helpers';

/** Issue 23, point 6: "Upgrade" sends the request to the operator with the merchant's details; owner only. */
const t = setupTestDatabase();
const OPERATOR = 'ops@starloop.test';
let smtp: SmtpSink;
let owner: TestMerchant;
let other: TestMerchant;

beforeAll(async () => {
  smtp = await startSmtpSink();
  owner = await createMerchant(t.db, { name: '晨光咖啡 Morning Light', subscriptionStatus: 'TRIAL_ACTIVE', trialEndTime: new Date(Date.now() + 5 * 86_400_000) });
  await t.db.update(merchants).set({ phone: '+85228771234' }).where(eq(merchants.id, owner.merchantId));
  other = await createMerchant(t.db, { name: 'Other Bakery' });
});
afterEach(() => {
  for (const key of ['SMTP_URL', 'OPERATOR_EMAIL']) delete process.env[key];
});
afterAll(async () => {
  resetSmtpTransports();
  await smtp.close();
});

const ask = (token: string, body: unknown, locale = 'en-US') => callApi<{ requestId: number; mailed: boolean; fieldErrors?: Record<string, string> }>(requestUpgrade, { method: 'POST', path: '/billing/upgrade-request', token, body, locale });
const requestsOf = (merchantId: number) => t.db.select().from(upgradeRequests).where(eq(upgradeRequests.merchantId, merchantId));

describe(`upgrade requests (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('mails the operator (SMTP) with the merchant, its id, the contact, the plans and the message, Reply-To the owner; recorded as mailed', async () => {
    Object.assign(process.env, { SMTP_URL: smtp.url, OPERATOR_EMAIL: OPERATOR });
    const res = await ask(owner.token, { plan: 'premium', message: 'Three shops, about 2,000 customers.' });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Request sent');
    expect(res.body.data.mailed).toBe(true);
    const mail = smtp.messages.find((m) => m.to.includes(OPERATOR));
    expect(mail?.subject).toBe('Plan request: 晨光咖啡 Morning Light → Premium');
    expect(mail?.headers['reply-to']).toBe(owner.email);
    for (const part of ['Merchant: 晨光咖啡 Morning Light', `Merchant ID: ${owner.merchantId}`, `E-mail: ${owner.email}`, 'Phone: +85228771234', 'Current plan: Trial (TRIAL_ACTIVE)', 'Requested plan: Premium', 'Three shops, about 2,000 customers.']) {
      expect(mail?.text).toContain(part);
    }
    const [row] = await t.db.select().from(upgradeRequests).where(eq(upgradeRequests.id, res.body.data.requestId));
    expect(row).toMatchObject({ merchantId: owner.merchantId, userId: owner.userId, plan: 'premium', contactEmail: owner.email, contactPhone: '+85228771234' });
    expect(row.mailedAt).toBeInstanceOf(Date);
  });

  it('goes to the outbox when no SMTP server is configured, and is only recorded without OPERATOR_EMAIL', async () => {
    process.env.OPERATOR_EMAIL = OPERATOR;
    const outboxed = await ask(owner.token, { plan: 'enterprise' });
    expect(outboxed.body.data.mailed).toBe(true);
    const [kept] = await t.db.select().from(outbox).where(and(eq(outbox.to, OPERATOR), eq(outbox.channel, 'email')));
    expect(kept.subject).toBe('Plan request: 晨光咖啡 Morning Light → Enterprise');
    expect(kept.text).toContain(`Merchant ID: ${owner.merchantId}`);

    delete process.env.OPERATOR_EMAIL;
    const sentBefore = smtp.messages.length;
    const recorded = await ask(owner.token, { plan: 'basic' });
    expect(recorded.status).toBe(200);
    expect(recorded.body.data.mailed).toBe(false);
    const [row] = await t.db.select().from(upgradeRequests).where(eq(upgradeRequests.id, recorded.body.data.requestId));
    expect(row).toMatchObject({ plan: 'basic', mailedAt: null });
    expect(smtp.messages.length).toBe(sentBefore);
  });

  it('refuses staff with a translated 403 and records nothing', async () => {
    Object.assign(process.env, { SMTP_URL: smtp.url, OPERATOR_EMAIL: OPERATOR });
    const staff = await createStaff(t.db, owner.merchantId);
    const before = (await requestsOf(owner.merchantId)).length;
    const sent = smtp.messages.length;
    const en = await ask(staff.token, { plan: 'pro' });
    expect(en.status).toBe(403);
    expect(en.body.msg).toBe("Only the merchant's owner can do this.");
    const zh = await ask(staff.token, { plan: 'pro' }, 'zh-CN');
    expect(zh.body.msg).toBe('只有商户所有者可以执行此操作。');
    expect((await requestsOf(owner.merchantId)).length).toBe(before);
    expect(smtp.messages.length).toBe(sent);
  });

  it('refuses a plan the spec does not offer and an over-long message', async () => {
    for (const body of [{ plan: 'gold' }, { plan: 'trial' }, {}]) {
      const res = await ask(owner.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.data.fieldErrors?.plan).toBe('Choose a plan');
    }
    const long = await ask(owner.token, { plan: 'pro', message: 'x'.repeat(1001) });
    expect(long.body.data.fieldErrors?.message).toBe('At most 1000 characters');
  });

  it("acts on the caller's merchant only: another merchant's request carries its own details and leaves this one's alone", async () => {
    Object.assign(process.env, { SMTP_URL: smtp.url, OPERATOR_EMAIL: OPERATOR });
    const before = (await requestsOf(owner.merchantId)).length;
    const res = await ask(other.token, { plan: 'standard', merchantId: owner.merchantId });
    expect(res.status).toBe(200);
    const mail = smtp.messages.at(-1);
    expect(mail?.text).toContain(`Merchant ID: ${other.merchantId}`);
    expect(mail?.text).not.toContain('晨光咖啡');
    expect((await requestsOf(owner.merchantId)).length).toBe(before);
    expect(await requestsOf(other.merchantId)).toHaveLength(1);
  });
});
