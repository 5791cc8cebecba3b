import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { contacts, consentEvents } from '@/db/schema/contacts';
import { conversations, inboxMessages } from '@/db/schema/inbox';
import { POST as inbound } from '@/app/api/webhooks/twilio/inbound/route';
import { GET as thread } from '@/app/api/inbox/conversations/[id]/route';
import { GET as list } from '@/app/api/inbox/conversations/route';
import { POST as reply } from '@/app/api/inbox/conversations/[id]/reply/route';
import { EMPTY_TWIML } from '@/lib/inbox/twilio-inbound';
import type { getConversation } from '@/lib/inbox/get-conversation';
import type { listConversations } from '@/lib/inbox/list-conversations';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { callApi } from '@/tests/fixtures/api';
import { createMerchant, type TestMerchant } from '@/tests/fixtures/factories';
import { startFakeTwilio, type FakeTwilio } from '@/tests/fixtures/fake-twilio';
import { inboundParams, signedTwilioRequest } from '@/tests/fixtures/twilio-webhook';
import { sql } from 'drizzle-orm';

/**
 * SMS as Twilio sends it (issue 17 point 4): every opt-out and opt-in word Twilio honours, its
 * refusal of our confirmation (21610 and the other codes of that path), MMS media in the thread.
 * Webhooks are signed by the official `twilio` package; our Twilio is a loopback HTTP server.
 */
const t = setupTestDatabase();
const APP = 'https://app.starloop.test';
const OUR_NUMBER = '+15005550006';
const PATH = '/api/webhooks/twilio/inbound';
let twilio: FakeTwilio;
let merchant: TestMerchant;
let phoneSeq = 1000;

beforeAll(async () => {
  twilio = await startFakeTwilio();
  Object.assign(process.env, { TWILIO_ACCOUNT_SID: twilio.accountSid, TWILIO_AUTH_TOKEN: twilio.authToken, TWILIO_FROM: OUR_NUMBER, TWILIO_BASE_URL: twilio.baseUrl, APP_URL: APP });
  merchant = await createMerchant(t.db, { name: 'Harbour Noodles' });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterAll(async () => {
  for (const key of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM', 'TWILIO_BASE_URL', 'APP_URL']) delete process.env[key];
  vi.restoreAllMocks();
  await twilio.close();
});

const noParams = { params: Promise.resolve({}) };

async function customer(smsOptIn: boolean | null = true, locale = 'en-US') {
  const phone = `+1415555${String(phoneSeq++).padStart(4, '0')}`;
  const [row] = await t.db
    .insert(contacts)
    .values({ merchantId: merchant.merchantId, firstName: 'Ada', lastName: 'Lee', phone, smsOptIn, locale, optToken: `tok-${phone}` })
    .returning({ id: contacts.id });
  return { id: row.id, phone };
}

async function text(from: string, body: string, options: Parameters<typeof inboundParams>[3] = {}) {
  const response = await inbound(signedTwilioRequest({ appUrl: APP, path: PATH, authToken: twilio.authToken, params: inboundParams(from, OUR_NUMBER, body, options) }), noParams);
  return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
}

async function contactRow(id: number) {
  const [row] = await t.db.select().from(contacts).where(eq(contacts.id, id));
  return row;
}

async function history(id: number) {
  const rows = await t.db.select().from(consentEvents).where(eq(consentEvents.contactId, id)).orderBy(consentEvents.id);
  return rows.map((h) => `${h.channel}:${h.action}:${h.source}`);
}

async function threadOf(contactId: number) {
  const [conversation] = await t.db.select().from(conversations).where(eq(conversations.contactId, contactId));
  const answer = await callApi<Awaited<ReturnType<typeof getConversation>>>(thread, { path: `/inbox/conversations/${conversation.id}`, token: merchant.token, params: { id: String(conversation.id) } });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

describe('opt-out and opt-in words, as Twilio reads them', () => {
  it.each(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE', 'optout', 'revoke', 'Stop', 'stop  ', '  Quit\n', 'STOP.', 'stop!', 'ＳＴＯＰ', 'TD', '退订', '取消訂閱'])('%j opts the sender out, answered by empty TwiML', async (word) => {
    const c = await customer(true);
    const answer = await text(c.phone, word);
    expect(answer).toEqual({ status: 200, type: 'text/xml; charset=utf-8', body: EMPTY_TWIML });
    expect((await contactRow(c.id)).smsOptIn).toBe(false);
    expect(await history(c.id)).toEqual(['sms:optout:sms-reply']);
  });

  it.each(['START', 'YES', 'UNSTOP', 'start', 'yes ', 'Unstop!', '订阅'])('%j opts the sender back in', async (word) => {
    const c = await customer(false);
    expect((await text(c.phone, word)).status).toBe(200);
    expect((await contactRow(c.id)).smsOptIn).toBe(true);
    expect(await history(c.id)).toEqual(['sms:optin:sms-reply']);
  });

  it.each(['STOP PLEASE', 'please stop', 'Stopping by at 5?', 'yes please', 'HELP', 'INFO', 'OPT OUT', ''])('%j is a message, not a consent change', async (word) => {
    const c = await customer(true);
    expect((await text(c.phone, word)).status).toBe(200);
    expect((await contactRow(c.id)).smsOptIn).toBe(true);
    expect(await history(c.id)).toEqual([]);
  });

  it("Twilio's OptOutType (Advanced Opt-Out, custom keywords) wins over our reading", async () => {
    const c = await customer(true);
    await text(c.phone, 'ALTO', { extra: { OptOutType: 'STOP' } });
    expect((await contactRow(c.id)).smsOptIn).toBe(false);
    await text(c.phone, 'ADELANTE', { extra: { OptOutType: 'START' } });
    expect((await contactRow(c.id)).smsOptIn).toBe(true);
    await text(c.phone, 'AYUDA', { extra: { OptOutType: 'HELP' } });
    expect(await history(c.id)).toEqual(['sms:optout:sms-reply', 'sms:optin:sms-reply']);
  });

  it('answers a sender we know no language of in the language of the keyword', async () => {
    for (const [word, expected] of [['REVOKE', 'You have been unsubscribed'], ['退訂', '您已取消訂閱'], ['退订', '您已退订']]) {
      const lead = `+1415556${String(phoneSeq++).padStart(4, '0')}`;
      await text(lead, word);
      expect(twilio.messages.at(-1)).toMatchObject({ to: lead });
      expect(twilio.messages.at(-1)?.body).toContain(expected);
    }
  });

  it('a retried webhook (same MessageSid) records once and confirms once', async () => {
    const c = await customer(true);
    const sent = twilio.messages.length;
    await text(c.phone, 'STOP', { sid: 'SM0123456789abcdef0123456789abcdef' });
    await text(c.phone, 'STOP', { sid: 'SM0123456789abcdef0123456789abcdef' });
    expect(await history(c.id)).toEqual(['sms:optout:sms-reply']);
    expect(twilio.messages.length).toBe(sent + 1);
    const messages = (await threadOf(c.id)).messages;
    expect(messages.filter((m) => m.kind === 'message').map((m) => `${m.direction}:${m.text.slice(0, 12)}`)).toEqual(['in:STOP', 'out:You have bee']);
  });

  it('a second STOP (another message) is recorded as a message only: no second history row, no second confirmation (found from outside)', async () => {
    const c = await customer(true);
    const sent = twilio.messages.length;
    await text(c.phone, 'STOP');
    await text(c.phone, 'stop');
    expect(await history(c.id)).toEqual(['sms:optout:sms-reply']);
    expect(twilio.messages.length).toBe(sent + 1);
    // START after it changes the state again: confirmed once; a second START is not.
    await text(c.phone, 'START');
    await text(c.phone, 'START');
    expect(twilio.messages.length).toBe(sent + 2);
    const messages = (await threadOf(c.id)).messages;
    expect(messages.filter((m) => m.kind === 'message').map((m) => `${m.direction}:${m.text.slice(0, 5)}`)).toEqual(['in:STOP', 'out:You h', 'in:stop', 'in:START', 'out:You a', 'in:START']);
  });
});

describe('Twilio refusing the confirmation', () => {
  it('21610 (the number replied STOP, Twilio blocks it): consent recorded, 200 with empty TwiML, the thread shows all three', async () => {
    const c = await customer(true);
    twilio.block(c.phone);
    const answer = await text(c.phone, 'STOP');
    expect(answer).toEqual({ status: 200, type: 'text/xml; charset=utf-8', body: EMPTY_TWIML });
    expect(twilio.refused.at(-1)).toEqual({ to: c.phone, code: 21610 });
    expect((await contactRow(c.id)).smsOptIn).toBe(false);
    expect(await history(c.id)).toEqual(['sms:optout:sms-reply']);
    const { messages, customer: panel } = await threadOf(c.id);
    expect(messages.map((m) => [m.kind, m.direction, m.consent ?? null, m.sendError])).toEqual([
      ['message', 'in', null, null],
      ['consent', 'in', 'optout', null],
      ['message', 'out', null, '21610'],
    ]);
    expect(messages[0].text).toBe('STOP');
    expect(messages[2].text).toContain('You have been unsubscribed from Harbour Noodles texts');
    expect(panel).toMatchObject({ smsOptIn: false, totalReceived: 1, totalSent: 0 });
    twilio.unblock(c.phone);
  });

  it("21610 on a merchant's reply: 409 saying the number replied STOP, not 502 'try again later'", async () => {
    const c = await customer(true);
    await text(c.phone, 'Are you open on Sunday?');
    const [conversation] = await t.db.select().from(conversations).where(eq(conversations.contactId, c.id));
    twilio.block(c.phone);
    const refused = await callApi(reply, { method: 'POST', path: '/x', token: merchant.token, params: { id: String(conversation.id) }, body: { channel: 'sms', text: 'Yes, 10am to 6pm' } });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toMatch(/replied STOP/);
    twilio.unblock(c.phone);
    expect((await callApi(reply, { method: 'POST', path: '/x', token: merchant.token, params: { id: String(conversation.id) }, body: { channel: 'sms', text: 'Yes, 10am to 6pm' } })).status).toBe(200);
  });

  it('21610 on an opt-in confirmation (Twilio still blocks: a word only we know) still records the opt-in', async () => {
    const c = await customer(false, 'zh-CN');
    twilio.block(c.phone);
    expect((await text(c.phone, '订阅')).body).toBe(EMPTY_TWIML);
    expect((await contactRow(c.id)).smsOptIn).toBe(true);
    const { messages } = await threadOf(c.id);
    expect(messages.at(-1)).toMatchObject({ direction: 'out', sendError: '21610' });
    expect(messages.at(-1)?.text).toContain('Harbour Noodles');
    twilio.unblock(c.phone);
  });

  it.each([
    [400, 21211],
    [400, 21408],
    [400, 21612],
    [429, 20429],
    [500, 20500],
  ])('a %i with code %i answers 200 and keeps the consent', async (status, code) => {
    const c = await customer(true);
    twilio.failNext(1, status, code);
    expect(await text(c.phone, 'UNSUBSCRIBE')).toMatchObject({ status: 200, body: EMPTY_TWIML });
    expect((await contactRow(c.id)).smsOptIn).toBe(false);
    expect((await threadOf(c.id)).messages.at(-1)).toMatchObject({ direction: 'out', sendError: String(code) });
  });

  it('Twilio unreachable answers 200 and keeps the consent', async () => {
    const c = await customer(true);
    process.env.TWILIO_BASE_URL = 'http://127.0.0.1:9';
    try {
      expect(await text(c.phone, 'END')).toMatchObject({ status: 200, body: EMPTY_TWIML });
    } finally {
      process.env.TWILIO_BASE_URL = twilio.baseUrl;
    }
    expect((await contactRow(c.id)).smsOptIn).toBe(false);
    expect((await threadOf(c.id)).messages.at(-1)).toMatchObject({ direction: 'out', sendError: 'failed' });
  });

  it('a delivered confirmation is in the thread with its Twilio SID', async () => {
    const c = await customer(false);
    await text(c.phone, 'START');
    const sent = twilio.messages.at(-1);
    expect(sent).toMatchObject({ to: c.phone, from: OUR_NUMBER });
    const [out] = await t.db.select().from(inboxMessages).where(and(eq(inboxMessages.direction, 'out'), eq(inboxMessages.externalId, sent?.sid ?? '')));
    expect(out).toMatchObject({ channel: 'sms', text: sent?.body, sendError: null, fromAddress: OUR_NUMBER, toAddress: c.phone });
    const { messages } = await threadOf(c.id);
    expect(messages.map((m) => m.kind)).toEqual(['message', 'consent', 'message']);
    expect(messages[1].consent).toBe('optin');
  });
});

describe('MMS', () => {
  const media = [
    { url: 'https://api.twilio.com/2010-04-01/Accounts/AC00000000000000000000000000000000/Messages/MM00000000000000000000000000000001/Media/ME00000000000000000000000000000001', contentType: 'image/jpeg' },
    { url: 'https://api.twilio.com/2010-04-01/Accounts/AC00000000000000000000000000000000/Messages/MM00000000000000000000000000000001/Media/ME00000000000000000000000000000002', contentType: 'video/mp4' },
  ];

  it('stores two media with the message and shows them in the thread API; the list says [Photo], translated', async () => {
    const c = await customer(true);
    expect((await text(c.phone, 'Our table tonight', { media })).status).toBe(200);
    const { messages } = await threadOf(c.id);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ direction: 'in', channel: 'sms', text: 'Our table tonight', media });
    // A photo alone: not an empty message; the list preview names it in the reader's language.
    expect((await text(c.phone, '', { media: media.slice(0, 1) })).status).toBe(200);
    expect((await threadOf(c.id)).messages.at(-1)).toMatchObject({ text: '', media: media.slice(0, 1) });
    for (const [locale, label] of [['en-US', '[Photo]'], ['zh-CN', '[图片]'], ['zh-HK', '[相片]']]) {
      const answer = await callApi<Awaited<ReturnType<typeof listConversations>>>(list, { path: '/inbox/conversations', token: merchant.token, locale });
      expect(answer.body.data.records.find((r) => r.contactId === c.id)?.lastPreview).toBe(label);
    }
  });

  it('keeps only http(s) media URLs and bounds NumMedia to Twilio’s 10', async () => {
    const c = await customer(true);
    const extra: Record<string, string> = { NumMedia: '99', MediaUrl0: 'javascript:alert(1)', MediaContentType0: 'image/png', MediaUrl1: media[0].url, MediaContentType1: 'image/<svg>' };
    for (let i = 2; i < 15; i++) Object.assign(extra, { [`MediaUrl${i}`]: `${media[0].url}${i}`, [`MediaContentType${i}`]: 'image/gif' });
    expect((await text(c.phone, 'lots', { extra })).status).toBe(200);
    const stored = (await threadOf(c.id)).messages[0].media;
    expect(stored).toHaveLength(9);
    expect(stored[0]).toEqual({ url: media[0].url, contentType: 'application/octet-stream' });
  });
});

describe('the signature and the envelope', () => {
  it('refuses a bad signature as before, and records nothing', async () => {
    const c = await customer(true);
    const params = inboundParams(c.phone, OUR_NUMBER, 'STOP');
    const forged = await inbound(signedTwilioRequest({ appUrl: APP, path: PATH, authToken: twilio.authToken, params, signature: 'bm90IGEgc2lnbmF0dXJlIGF0IGFsbA==' }), noParams);
    expect(forged.status).toBe(403);
    const wrongToken = await inbound(signedTwilioRequest({ appUrl: APP, path: PATH, authToken: 'another-accounts-token', params }), noParams);
    expect(wrongToken.status).toBe(403);
    expect((await contactRow(c.id)).smsOptIn).toBe(true);
    const rows = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from inbox_messages m join conversations v on v.id = m.conversation_id where v.contact_id = ${c.id}`);
    expect(Number(rows[0].n)).toBe(0);
  });

  it("accepts a Webhooks Rule's HMAC-SHA256 signature (the official library's, with its SharedKey) only with TWILIO_WEBHOOK_SHARED_KEY set", async () => {
    const c = await customer(true);
    const sharedKey = { secret: 'shared-key-secret-of-the-webhooks-rule' };
    const signed = () => signedTwilioRequest({ appUrl: APP, path: PATH, authToken: twilio.authToken, params: inboundParams(c.phone, OUR_NUMBER, 'hello'), sharedKey });
    expect((await inbound(signed(), noParams)).status).toBe(403);
    process.env.TWILIO_WEBHOOK_SHARED_KEY = sharedKey.secret;
    try {
      expect((await inbound(signed(), noParams)).status).toBe(200);
      // Signed with the Auth Token while the header names the SharedKey's SHA-256: refused.
      const tokenSigned = signedTwilioRequest({ appUrl: APP, path: PATH, authToken: twilio.authToken, params: inboundParams(c.phone, OUR_NUMBER, 'x'), sharedKey: { secret: twilio.authToken } });
      expect((await inbound(tokenSigned, noParams)).status).toBe(403);
      const unknown = signedTwilioRequest({ appUrl: APP, path: PATH, authToken: twilio.authToken, params: inboundParams(c.phone, OUR_NUMBER, 'y'), sharedKey: { ...sharedKey, algorithm: 'HMAC_SHA512' } });
      expect((await inbound(unknown, noParams)).status).toBe(403);
      // The Auth Token's SHA-1 without the header still holds.
      expect((await text(c.phone, 'plain')).status).toBe(200);
    } finally {
      delete process.env.TWILIO_WEBHOOK_SHARED_KEY;
    }
    const texts = await t.db.execute<{ text: string }>(sql`select m.text from inbox_messages m join conversations v on v.id = m.conversation_id where v.contact_id = ${c.id} order by m.id`);
    expect(texts.map((r) => r.text)).toEqual(['hello', 'plain']);
  });

  it('accepts the URL Twilio signed with the default port, like the official validator', async () => {
    const c = await customer(true);
    const params = inboundParams(c.phone, OUR_NUMBER, 'STOP');
    const response = await inbound(signedTwilioRequest({ appUrl: `${APP}:443`, path: PATH, authToken: twilio.authToken, params }), noParams);
    expect(response.status).toBe(200);
    expect((await contactRow(c.id)).smsOptIn).toBe(false);
  });

  it('answers 413 to a body no Twilio webhook has', async () => {
    const c = await customer(true);
    const response = await inbound(signedTwilioRequest({ appUrl: APP, path: PATH, authToken: twilio.authToken, params: inboundParams(c.phone, OUR_NUMBER, 'x'.repeat(100_000)) }), noParams);
    expect(response.status).toBe(413);
  });
});
