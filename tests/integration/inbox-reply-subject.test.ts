import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as thread } from '@/app/api/inbox/conversations/[id]/route';
import { POST as reply } from '@/app/api/inbox/conversations/[id]/reply/route';
import { POST as inboundEmail } from '@/app/api/webhooks/email/inbound/route';
import { inboxAddress } from '@/lib/reply-address/reply-address';
import { resetSmtpTransports } from '@/lib/messaging/smtp-transport';
import { callApi } from '@/tests/fixtures/api';
import { createMerchant, type TestMerchant } from '@/tests/fixtures/factories';
import { startSmtpSink, type SmtpSink } from '@/tests/fixtures/smtp-sink';
import { setupTestDatabase } from '@/tests/fixtures/test-db';

/** Issue 23, point 3: an inbox e-mail reply has a subject ("Re: ..." prefilled) and comes from the merchant's name. */
const t = setupTestDatabase();
const APP = 'https://app.starloop.test';
const ENV = { SMTP_URL: '', MAIL_FROM: 'StarLoop <no-reply@starloop.test>', APP_URL: APP, INBOUND_EMAIL_SECRET: 'inbound-secret', INBOUND_EMAIL_DOMAIN: 'in.starloop.test' };
let smtp: SmtpSink;
let merchant: TestMerchant;

beforeAll(async () => {
  smtp = await startSmtpSink();
  Object.assign(process.env, { ...ENV, SMTP_URL: smtp.url });
  merchant = await createMerchant(t.db, { name: '晨光咖啡 Morning Light' });
});
afterAll(async () => {
  for (const key of Object.keys(ENV)) delete process.env[key];
  resetSmtpTransports();
  await smtp.close();
});

const noParams = { params: Promise.resolve({}) };

/** A customer's e-mail to the merchant's inbox address; answers the conversation id. */
async function customerWrites(from: string, subject: string, messageId: string): Promise<string> {
  const raw = `From: Customer <${from}>\r\nTo: ${inboxAddress(merchant.merchantId)}\r\nSubject: ${subject}\r\nMessage-ID: <${messageId}>\r\n\r\nHello there\r\n`;
  const res = await inboundEmail(new Request(`${APP}/api/webhooks/email/inbound`, { method: 'POST', headers: { authorization: 'Bearer inbound-secret', 'content-type': 'message/rfc822' }, body: raw }), noParams);
  expect(res.status).toBe(200);
  return String((await res.json()).data.conversationId);
}

const send = (id: string, body: Record<string, unknown>) => callApi<{ fieldErrors?: Record<string, string> }>(reply, { method: 'POST', path: `/inbox/conversations/${id}/reply`, token: merchant.token, params: { id }, body });
const prefilled = async (id: string) => (await callApi<{ replySubject: string }>(thread, { path: `/inbox/conversations/${id}`, token: merchant.token, params: { id } })).body.data.replySubject;

describe(`inbox e-mail reply subject and From (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('prefills "Re: <subject>", and the reply reaches SMTP with the subject given and the merchant name in From', async () => {
    const id = await customerWrites('parking@example.com', 'Parking tonight?', 'p-1@example.com');
    expect(await prefilled(id)).toBe('Re: Parking tonight?');

    const res = await send(id, { channel: 'email', subject: 'Re: Parking tonight? (free after 6pm)', text: 'Yes, behind the shop.' });
    expect(res.status).toBe(200);
    const sent = smtp.messages.at(-1);
    expect(sent?.to).toEqual(['parking@example.com']);
    expect(sent?.subject).toBe('Re: Parking tonight? (free after 6pm)');
    const parsed = await PostalMime.parse(sent?.raw ?? '');
    expect(parsed.from).toMatchObject({ name: '晨光咖啡 Morning Light', address: 'no-reply@starloop.test' });
    expect(sent?.headers['in-reply-to']).toBe('<p-1@example.com>');
  });

  it('does not double "Re:" (prefill and default alike) and uses the prefilled subject when none is sent', async () => {
    const id = await customerWrites('again@example.com', 'RE: Your order', 'o-1@example.com');
    expect(await prefilled(id)).toBe('RE: Your order');
    expect((await send(id, { channel: 'email', text: 'Thanks!' })).status).toBe(200);
    expect(smtp.messages.at(-1)?.subject).toBe('RE: Your order');
  });

  it('refuses a subject with a line break (header injection) or over 200 characters, with the message per field; nothing is sent', async () => {
    const id = await customerWrites('inject@example.com', 'Hello', 'i-1@example.com');
    const before = smtp.messages.length;
    for (const [subject, message] of [
      ['Hi\r\nBcc: victim@example.com', 'The subject must be a single line'],
      ['Hi\nthere', 'The subject must be a single line'],
      ['x'.repeat(201), 'At most 200 characters'],
    ] as const) {
      const res = await send(id, { channel: 'email', subject, text: 'Body' });
      expect(res.status, JSON.stringify(subject)).toBe(400);
      expect(res.body.data.fieldErrors?.subject).toBe(message);
    }
    const zh = await callApi<{ fieldErrors?: Record<string, string> }>(reply, { method: 'POST', path: `/inbox/conversations/${id}/reply`, token: merchant.token, params: { id }, body: { channel: 'email', subject: 'a\rb', text: 'x' }, locale: 'zh-CN' });
    expect(zh.body.data.fieldErrors?.subject).toBe('主题只能有一行');
    expect(smtp.messages.length).toBe(before);
  });
});
