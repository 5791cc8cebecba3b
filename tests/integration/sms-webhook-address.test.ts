import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '@/db/schema/contacts';
import { conversations } from '@/db/schema/inbox';
import { POST as inboundSms } from '@/app/api/webhooks/twilio/inbound/route';
import { SMS_WEBHOOK_PATH, smsWebhookAddress } from '@/lib/inbox/sms-webhook-address';
import { createMerchant, type TestMerchant } from '@/tests/fixtures/factories';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { inboundParams, signedTwilioRequest } from '@/tests/fixtures/twilio-webhook';

/**
 * Issue 23, point 7: the address settings shows is the signed webhook that tells merchants apart
 * on a shared number. Posted to as Twilio does (signed), a text from an unknown sender lands in
 * that merchant's inbox; the same text to the bare webhook is not guessed into anyone's.
 */
const t = setupTestDatabase();
const APP = 'https://app.starloop.test';
const TOKEN = 'settings-webhook-twilio-token';
const SHARED_NUMBER = '+15005550042';
let first: TestMerchant;
let second: TestMerchant;

beforeAll(async () => {
  Object.assign(process.env, { APP_URL: APP, TWILIO_AUTH_TOKEN: TOKEN });
  first = await createMerchant(t.db);
  second = await createMerchant(t.db);
});
afterAll(() => {
  for (const key of ['APP_URL', 'TWILIO_AUTH_TOKEN']) delete process.env[key];
});

const noParams = { params: Promise.resolve({}) };
const post = (address: string, params: Record<string, string>) => inboundSms(signedTwilioRequest({ appUrl: APP, path: address.slice(APP.length), authToken: TOKEN, params }), noParams);
const leadOf = async (phone: string) => (await t.db.select().from(contacts).where(eq(contacts.phone, phone)))[0];

describe(`the settings SMS webhook address (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('is the inbound webhook on APP_URL with a signed key per merchant, and says whether Twilio is set up', () => {
    const address = smsWebhookAddress(second.merchantId);
    expect(address.url).toMatch(new RegExp(`^${APP}${SMS_WEBHOOK_PATH}\\?inbox=m${second.merchantId}\\.[a-z0-9]{10}$`));
    expect(smsWebhookAddress(first.merchantId).url).not.toBe(address.url);
    expect(address.twilioConfigured).toBe(true);
  });

  it("routes an unknown sender's text on a shared number to the merchant whose address Twilio posted to", async () => {
    const bare = await post(`${APP}${SMS_WEBHOOK_PATH}`, inboundParams('+15550101010', SHARED_NUMBER, 'Hello?'));
    expect(bare.status).toBe(200);
    expect(await leadOf('+15550101010')).toBeUndefined();

    const res = await post(smsWebhookAddress(second.merchantId).url, inboundParams('+15550101010', SHARED_NUMBER, 'Do you take bookings for 8?'));
    expect(res.status).toBe(200);
    const lead = await leadOf('+15550101010');
    expect(lead).toMatchObject({ merchantId: second.merchantId });
    const [conversation] = await t.db.select().from(conversations).where(eq(conversations.contactId, lead.id));
    expect(conversation).toMatchObject({ merchantId: second.merchantId, lastChannel: 'sms', lastPreview: 'Do you take bookings for 8?' });
  });

  it("refuses a post to the address without Twilio's signature", async () => {
    const address = smsWebhookAddress(first.merchantId).url;
    const res = await inboundSms(signedTwilioRequest({ appUrl: APP, path: address.slice(APP.length), authToken: TOKEN, params: inboundParams('+15550202020', SHARED_NUMBER, 'x'), signature: 'forged' }), noParams);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(await leadOf('+15550202020')).toBeUndefined();
  });
});
