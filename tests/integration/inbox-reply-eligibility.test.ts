import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { contacts } from '@/db/schema/contacts';
import { conversations } from '@/db/schema/inbox';
import { replyToConversation } from '@/lib/inbox/reply-to-conversation';
import { startFakeTwilio, type FakeTwilio } from '@/tests/fixtures/fake-twilio';
import { createMerchant, type TestMerchant } from '@/tests/fixtures/factories';
import { createSendingScene } from '@/tests/fixtures/sending';
import { setupTestDatabase } from '@/tests/fixtures/test-db';

/**
 * Issue 21: an inbox reply is refused by the eligibility rule's consent reasons
 * (lib/sending/eligibility.ts, replyRefusal), each mapped to the channel's message; the
 * campaign-only rules (SMS opt-in, frequency cap) do not hold a reply back.
 */
const t = setupTestDatabase();
const ENV = { TWILIO_ACCOUNT_SID: '', TWILIO_AUTH_TOKEN: '', TWILIO_FROM: '+15005550006', TWILIO_BASE_URL: '' };
let twilio: FakeTwilio;
let merchant: TestMerchant;

beforeAll(async () => {
  twilio = await startFakeTwilio();
  Object.assign(process.env, { ...ENV, TWILIO_ACCOUNT_SID: twilio.accountSid, TWILIO_AUTH_TOKEN: twilio.authToken, TWILIO_BASE_URL: twilio.baseUrl });
  merchant = await createMerchant(t.db);
});
afterAll(async () => {
  for (const key of Object.keys(ENV)) delete process.env[key];
  await twilio.close();
});

/** A conversation with a contact in this consent state; answers its id. */
async function conversationWith(consent: Partial<typeof contacts.$inferInsert>): Promise<number> {
  const [contact] = await t.db
    .insert(contacts)
    .values({ merchantId: merchant.merchantId, firstName: 'Ada', optToken: crypto.randomBytes(16).toString('base64url'), ...consent })
    .returning({ id: contacts.id });
  const [conversation] = await t.db.insert(conversations).values({ merchantId: merchant.merchantId, contactId: contact.id, lastChannel: 'email' }).returning({ id: conversations.id });
  return conversation.id;
}

const unique = () => crypto.randomBytes(4).toString('hex');
const reply = (conversationId: number, channel: 'email' | 'sms') => replyToConversation(merchant.ctx, { conversationId, channel, text: 'Thank you!' });
const refusedWith = (messageKey: string) => ({ code: 'BAD_REQUEST', messageKey, options: { fieldErrors: { channel: messageKey } } });

describe(`inbox reply refusals follow the eligibility rule (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('refuses e-mail to a bounced, a complained or an opted-out address with emailOptedOut, and no address with noEmail', async () => {
    for (const consent of [{ emailStatus: 'bounced' as const }, { emailStatus: 'complained' as const }, { emailOptIn: false }]) {
      const id = await conversationWith({ email: `ada-${unique()}@example.com`, emailOptIn: true, ...consent });
      await expect(reply(id, 'email'), JSON.stringify(consent)).rejects.toMatchObject(refusedWith('inbox.errors.emailOptedOut'));
    }
    await expect(reply(await conversationWith({ email: null, phone: '+15550004444' }), 'email')).rejects.toMatchObject(refusedWith('inbox.errors.noEmail'));
  });

  it('refuses SMS to an opted-out number with smsOptedOut and no number with noPhone; a bounced e-mail does not refuse it', async () => {
    await expect(reply(await conversationWith({ phone: '+15550005555', smsOptIn: false }), 'sms')).rejects.toMatchObject(refusedWith('inbox.errors.smsOptedOut'));
    await expect(reply(await conversationWith({ email: `ada-${unique()}@example.com` }), 'sms')).rejects.toMatchObject(refusedWith('inbox.errors.noPhone'));
    await reply(await conversationWith({ phone: '+15550006666', smsOptIn: true, emailStatus: 'bounced' }), 'sms');
    expect(twilio.messages.at(-1)).toMatchObject({ to: '+15550006666', body: 'Thank you!' });
  });

  it('answers by SMS without an opt-in, and within the frequency cap of a review request just sent', async () => {
    const scene = await createSendingScene(t.db, { merchant, channel: 'sms', members: [{ phone: '+15550007777', smsOptIn: null }] });
    await t.db.execute(sql`update deliveries set status = 'sent', sent_at = now() - interval '1 minute' where campaign_id = ${scene.campaignId}`);
    const [conversation] = await t.db.insert(conversations).values({ merchantId: merchant.merchantId, contactId: scene.contactIds[0], lastChannel: 'sms' }).returning({ id: conversations.id });
    expect((await reply(conversation.id, 'sms')).messageId).not.toBeNull();
    expect(twilio.messages.at(-1)).toMatchObject({ to: '+15550007777', body: 'Thank you!' });
  });
});
