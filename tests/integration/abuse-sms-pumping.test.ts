import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { conversations } from '@/db/schema/inbox';
import { contacts } from '@/db/schema/contacts';
import { deliveries } from '@/db/schema/sending';
import { dispatchOnce } from '@/lib/sending/dispatcher';
import { transportsFromEnv } from '@/lib/sending/transports';
import { startDueScheduledCampaigns } from '@/lib/campaigns/start-scheduled';
import { replyToConversation } from '@/lib/inbox/reply-to-conversation';
import { reservePhoneCode } from '@/lib/merchant/phone-code-limits';
import { SMS_DAILY_CAPS } from '@/lib/sending-policy/limits';
import { TRIAL_STATUS } from '@/lib/subscription/plans';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { startFakeTwilio, type FakeTwilio } from '@/tests/fixtures/fake-twilio';
import { createMerchant, type TestMerchant } from '@/tests/fixtures/factories';
import { createSendingScene } from '@/tests/fixtures/sending';

/**
 * SMS pumping through a self-registered trial, as found from outside: premium, satellite and
 * far-away numbers opted in and sent a campaign, all "sent" and billed to us. Counted at the fake
 * Twilio: what it never received was never billed.
 */
const t = setupTestDatabase();
const APP = 'https://app.starloop.test';
const ENV = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM', 'TWILIO_BASE_URL'];
const PUMPED = ['+37120000009', '+88216000009', '+2348012345670'];
let twilio: FakeTwilio;

beforeAll(async () => {
  twilio = await startFakeTwilio();
  Object.assign(process.env, { TWILIO_ACCOUNT_SID: twilio.accountSid, TWILIO_AUTH_TOKEN: twilio.authToken, TWILIO_FROM: '+15005550006', TWILIO_BASE_URL: twilio.baseUrl });
});
afterAll(async () => {
  for (const key of ENV) delete process.env[key];
  await twilio.close();
});

const trialMerchant = () => createMerchant(t.db, { subscriptionStatus: TRIAL_STATUS, trialEndTime: new Date(Date.now() + 7 * 86_400_000) });
const receivedBy = (numbers: string[]) => twilio.messages.filter((m) => numbers.includes(m.to)).length;
const usNumber = (i: number) => `+1202555${String(1000 + i).padStart(4, '0')}`;

async function dispatchAll(): Promise<void> {
  for (let round = 0; round < 50; round++) {
    const report = await dispatchOnce(t.db, { startDueScheduledCampaigns, transports: transportsFromEnv(), baseUrl: APP, staleAfterMs: 60_000 });
    if (!report.claimed) return;
  }
}

async function skipReasons(campaignId: number): Promise<Record<string, number>> {
  const rows = await t.db.execute<{ error: string | null; n: number }>(sql`select error, count(*)::int as n from deliveries where campaign_id = ${campaignId} and status = 'skipped' group by error`);
  return Object.fromEntries(rows.map((r) => [r.error ?? '', Number(r.n)]));
}

async function conversationWith(merchant: TestMerchant, phone: string): Promise<number> {
  const [contact] = await t.db.insert(contacts).values({ merchantId: merchant.merchantId, firstName: 'Eve', phone, smsOptIn: true, optToken: `tok-${phone}-${merchant.merchantId}` }).returning({ id: contacts.id });
  const [conversation] = await t.db.insert(conversations).values({ merchantId: merchant.merchantId, contactId: contact.id, lastChannel: 'sms' }).returning({ id: conversations.id });
  return conversation.id;
}

describe(`SMS destinations and daily caps (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('a trial campaign to Latvian, satellite and Nigerian numbers from a US location sends none of them', async () => {
    const merchant = await trialMerchant();
    const scene = await createSendingScene(t.db, { merchant, channel: 'sms', members: [...PUMPED.map((phone) => ({ phone, smsOptIn: true })), { phone: usNumber(1), smsOptIn: true }] });
    await dispatchAll();
    expect(receivedBy(PUMPED)).toBe(0);
    expect(receivedBy([usNumber(1)])).toBe(1);
    expect(await skipReasons(scene.campaignId)).toEqual({ destination_refused: 3 });
  });

  it('a trial sends at most its daily cap by campaign; another merchant sends all of its own meanwhile', async () => {
    const cap = SMS_DAILY_CAPS.trial;
    const merchant = await trialMerchant();
    const numbers = Array.from({ length: cap + 10 }, (_, i) => usNumber(100 + i));
    const scene = await createSendingScene(t.db, { merchant, channel: 'sms', members: numbers.map((phone) => ({ phone, smsOptIn: true })) });
    const otherNumbers = Array.from({ length: 5 }, (_, i) => usNumber(900 + i));
    const other = await createSendingScene(t.db, { channel: 'sms', members: otherNumbers.map((phone) => ({ phone, smsOptIn: true })) });
    await dispatchAll();
    expect(receivedBy(numbers)).toBe(cap);
    expect(await skipReasons(scene.campaignId)).toEqual({ daily_cap: 10 });
    expect(receivedBy(otherNumbers)).toBe(5);
    const [otherSent] = await t.db.select({ n: sql<number>`count(*)::int` }).from(deliveries).where(sql`${deliveries.campaignId} = ${other.campaignId} and ${deliveries.status} = 'sent'`);
    expect(Number(otherSent.n)).toBe(5);

    // The same merchant's inbox replies share the spent cap: 429, nothing reaches Twilio.
    const before = twilio.messages.length;
    const conversationId = await conversationWith(merchant, usNumber(50));
    await expect(replyToConversation(merchant.ctx, { conversationId, channel: 'sms', text: 'hello' })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', messageKey: 'sendingPolicy.errors.dailyCap' });
    expect(twilio.messages.length).toBe(before);
  });

  it('inbox replies to pumped numbers are refused beside the field; one to a US number goes', async () => {
    const merchant = await trialMerchant();
    const before = twilio.messages.length;
    for (const phone of PUMPED) {
      await expect(replyToConversation(merchant.ctx, { conversationId: await conversationWith(merchant, phone), channel: 'sms', text: 'hi' }), phone).rejects.toMatchObject({ code: 'VALIDATION' });
    }
    expect(twilio.messages.length).toBe(before);
    // No location: the merchant's countries fall back to the product's markets (CN, HK, US).
    await replyToConversation(merchant.ctx, { conversationId: await conversationWith(merchant, usNumber(60)), channel: 'sms', text: 'hi' });
    expect(receivedBy([usNumber(60)])).toBe(1);
  });

  it('inbox replies count against the daily cap: a trial gets 429 once it is spent', async () => {
    const merchant = await trialMerchant();
    const cap = SMS_DAILY_CAPS.trial;
    let refused = 0;
    for (let i = 0; i < cap + 3; i++) {
      const conversationId = await conversationWith(merchant, usNumber(2000 + i));
      await replyToConversation(merchant.ctx, { conversationId, channel: 'sms', text: `reply ${i}` }).catch((error) => {
        expect(error).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
        refused++;
      });
    }
    expect(refused).toBe(3);
    expect(receivedBy(Array.from({ length: cap + 3 }, (_, i) => usNumber(2000 + i)))).toBe(cap);
  });

  it('verification codes refuse a US premium-rate number as well as other countries', async () => {
    const merchant = await trialMerchant();
    await expect(reservePhoneCode(merchant.ctx, '+19005550123', '127.0.0.1')).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(reservePhoneCode(merchant.ctx, '+88216000009', '127.0.0.1')).rejects.toMatchObject({ code: 'VALIDATION' });
  });
});
