import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { contacts } from '@/db/schema/contacts';
import { conversations, inboxMessages } from '@/db/schema/inbox';
import { merchants } from '@/db/schema/merchants';
import { POST as inboundSms } from '@/app/api/webhooks/twilio/inbound/route';
import { smsWebhookKey } from '@/lib/reply-address/reply-address';
import twilioSdk from 'twilio';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createMerchant } from '@/tests/fixtures/factories';
import { createSendingScene } from '@/tests/fixtures/sending';

/**
 * Texts from unknown senders on the shared Twilio number: whose lead they become. This file owns
 * its database, so it controls how many merchants exist and which ones use the number.
 */
const t = setupTestDatabase();
const APP = 'https://app.starloop.test';
const TOKEN = 'unknown-sms-twilio-token';
const OUR_NUMBER = '+15005550006';

beforeAll(() => {
  Object.assign(process.env, { APP_URL: APP, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: OUR_NUMBER });
});
afterAll(() => {
  for (const key of ['APP_URL', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM']) delete process.env[key];
});
afterEach(() => {
  vi.restoreAllMocks();
});

const noParams = { params: Promise.resolve({}) };

async function text(from: string, body: string, sid: string, query = '', to = OUR_NUMBER): Promise<Response> {
  const path = `/api/webhooks/twilio/inbound${query}`;
  const params = { From: from, To: to, Body: body, MessageSid: sid };
  return inboundSms(
    new Request(`http://127.0.0.1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSdk.getExpectedTwilioSignature(TOKEN, `${APP}${path}`, params) },
      body: new URLSearchParams(params).toString(),
    }),
    noParams,
  );
}

async function leadOf(phone: string) {
  const [row] = await t.db.select().from(contacts).where(eq(contacts.phone, phone));
  return row;
}

describe('an SMS from an unknown sender', () => {
  it('becomes a lead of the only merchant of a single-merchant installation', async () => {
    expect(await t.db.select().from(merchants)).toHaveLength(0);
    const only = await createMerchant(t.db);
    expect((await text('+15551230001', 'Hi, do you deliver?', 'SMx1')).status).toBe(200);
    const lead = await leadOf('+15551230001');
    expect(lead).toMatchObject({ merchantId: only.merchantId, type: 'leads' });
    const [conversation] = await t.db.select().from(conversations).where(eq(conversations.contactId, lead.id));
    expect(conversation).toMatchObject({ merchantId: only.merchantId, lastChannel: 'sms', unreadCount: 1, processed: false });
  });

  it('becomes a lead of the only merchant that uses our number, and STOP from it opts the lead out', async () => {
    const [first] = await t.db.select().from(merchants);
    await createMerchant(t.db); // a second merchant that never texted
    await text('+15551230002', 'STOP', 'SMx2');
    expect(await leadOf('+15551230002')).toMatchObject({ merchantId: first.id, type: 'leads', smsOptIn: false });
  });

  it('is refused and logged when several merchants text through the number, and a per-merchant webhook still routes it', async () => {
    const [first] = await t.db.select().from(merchants).orderBy(merchants.id);
    // Another merchant's campaign texts went out through the shared number.
    const other = await createSendingScene(t.db, { channel: 'sms', members: [{ phone: '+15551239999' }] });
    await t.db.execute(sql`update deliveries set status = 'sent', sent_at = now() where campaign_id = ${other.campaignId}`);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const messagesBefore = (await t.db.select().from(inboxMessages)).length;
    expect((await text('+15551230003', 'Who is this?', 'SMx3')).status).toBe(200);
    expect(await leadOf('+15551230003')).toBeUndefined();
    expect(await t.db.select().from(inboxMessages)).toHaveLength(messagesBefore);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/unknown sender \*+0003 to \+15005550006 refused/));
    // Known senders are unaffected: the merchant that texted them gets the answer.
    await text('+15551239999', 'Thanks for the reminder', 'SMx4');
    expect((await leadOf('+15551239999')).merchantId).toBe(other.merchant.merchantId);
    // The first merchant's own number, pointed at its signed webhook, makes the sender its lead.
    await text('+15551230003', 'Who is this?', 'SMx5', `?inbox=${smsWebhookKey(first.id)}`, '+15005550777');
    expect(await leadOf('+15551230003')).toMatchObject({ merchantId: first.id, type: 'leads' });
    // A key with a forged signature names nobody: the text is refused like any other.
    await text('+15551230004', 'Hello', 'SMx6', `?inbox=m${first.id}.aaaaaaaaaa`);
    expect(await leadOf('+15551230004')).toBeUndefined();
  });
});
