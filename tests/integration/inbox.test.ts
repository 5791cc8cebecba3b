import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { contacts } from '@/db/schema/contacts';
import { conversations, inboxMessages } from '@/db/schema/inbox';
import { GET as list } from '@/app/api/inbox/conversations/route';
import { GET as thread } from '@/app/api/inbox/conversations/[id]/route';
import { POST as reply } from '@/app/api/inbox/conversations/[id]/reply/route';
import { PUT as processed } from '@/app/api/inbox/conversations/[id]/processed/route';
import { POST as inboundEmail } from '@/app/api/webhooks/email/inbound/route';
import { POST as inboundSms } from '@/app/api/webhooks/twilio/inbound/route';
import { resetSmtpTransports } from '@/lib/messaging/smtp-transport';
import { inboxAddress, smsWebhookKey } from '@/lib/reply-address/reply-address';
import { twilioSignature } from '@/lib/sending/twilio-signature';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createMerchant } from '@/tests/fixtures/factories';
import { callApi } from '@/tests/fixtures/api';
import { startSmtpSink, type SmtpSink } from '@/tests/fixtures/smtp-sink';
import { startFakeTwilio, type FakeTwilio } from '@/tests/fixtures/fake-twilio';
import { createSendingScene } from '@/tests/fixtures/sending';

const t = setupTestDatabase();
const APP = 'https://app.starloop.test';
let smtp: SmtpSink;
let twilio: FakeTwilio;

beforeAll(async () => {
  smtp = await startSmtpSink();
  twilio = await startFakeTwilio();
  Object.assign(process.env, {
    SMTP_URL: smtp.url,
    TWILIO_ACCOUNT_SID: twilio.accountSid,
    TWILIO_AUTH_TOKEN: twilio.authToken,
    TWILIO_FROM: '+15005550006',
    TWILIO_BASE_URL: twilio.baseUrl,
    APP_URL: APP,
    INBOUND_EMAIL_SECRET: 'inbound-secret',
    INBOUND_EMAIL_DOMAIN: 'in.starloop.test',
  });
});
afterAll(async () => {
  for (const key of ['SMTP_URL', 'TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM', 'TWILIO_BASE_URL', 'APP_URL', 'INBOUND_EMAIL_SECRET', 'INBOUND_EMAIL_DOMAIN']) delete process.env[key];
  resetSmtpTransports();
  await smtp.close();
  await twilio.close();
});

const noParams = { params: Promise.resolve({}) };

function mimeRequest(raw: string, key = 'inbound-secret'): Request {
  return new Request(`${APP}/api/webhooks/email/inbound`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'message/rfc822', 'accept-language': 'en-US' }, body: raw });
}

function smsRequest(params: Record<string, string>, signature?: string, query = ''): Request {
  const path = `/api/webhooks/twilio/inbound${query}`;
  return new Request(`http://127.0.0.1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature ?? twilioSignature(twilio.authToken, `${APP}${path}`, params) },
    body: new URLSearchParams(params).toString(),
  });
}

/**
 * A Chinese subject (an RFC 2047 quoted-printable encoded-word: 回复：感谢您的光临), a
 * quoted-printable text part, an HTML part and an attachment.
 */
function chineseMultipart(from: string, to: string, messageId: string, inReplyTo?: string): string {
  return [
    `From: =?UTF-8?B?${Buffer.from('王小明').toString('base64')}?= <${from}>`,
    `To: ${to}`,
    'Subject: =?UTF-8?Q?=E5=9B=9E=E5=A4=8D=EF=BC=9A=E6=84=9F=E8=B0=A2=E6=82=A8=E7=9A=84=E5=85=89=E4=B8=B4?=',
    `Message-ID: ${messageId}`,
    ...(inReplyTo ? [`In-Reply-To: ${inReplyTo}`, `References: ${inReplyTo}`] : []),
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="outer"',
    '',
    '--outer',
    'Content-Type: multipart/alternative; boundary="inner"',
    '',
    '--inner',
    'Content-Type: text/plain; charset=UTF-8',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    '=E5=92=96=E5=95=A1=E5=BE=88=E5=A5=BD=E5=96=9D=EF=BC=81=E4=B8=8B=E6=AC=A1=E8=BF=98=E6=9D=A5=E3=80=82',
    '--inner',
    'Content-Type: text/html; charset=UTF-8',
    '',
    '<p>咖啡很好喝！下次还来。</p><script>alert(1)</script><img src=x onerror=alert(1)>',
    '--inner--',
    '--outer',
    'Content-Type: image/png; name="receipt.png"',
    'Content-Disposition: attachment; filename="receipt.png"',
    'Content-Transfer-Encoding: base64',
    '',
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    '--outer--',
    '',
  ].join('\r\n');
}

describe('inbound messages', () => {
  it('threads a Chinese quoted-printable multipart reply with an attachment under the campaign message it answers', async () => {
    const scene = await createSendingScene(t.db, { members: [{ firstName: '小明', lastName: '王', email: 'xiaoming@example.cn', locale: 'zh-CN' }] });
    // The campaign message went out with this Message-ID.
    await t.db.execute(sql`update deliveries set status = 'sent', sent_at = now(), provider_message_id = '<campaign-1@starloop.test>' where campaign_id = ${scene.campaignId}`);
    const res = await inboundEmail(mimeRequest(chineseMultipart('xiaoming@example.cn', 'no-reply@starloop.test', '<reply-1@example.cn>', '<campaign-1@starloop.test>')), noParams);
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body.data).toMatchObject({ accepted: true, merchantId: scene.merchant.merchantId });
    const [message] = await t.db.select().from(inboxMessages).where(eq(inboxMessages.conversationId, body.data.conversationId));
    expect(message.subject).toBe('回复：感谢您的光临');
    expect(message.text).toBe('咖啡很好喝！下次还来。');
    expect(message.html).toContain('咖啡很好喝');
    expect(message.html).not.toMatch(/script|onerror/);
    expect(message.attachments).toEqual([{ filename: 'receipt.png', contentType: 'image/png', size: 70 }]);
    // The thread weaves in the campaign message and fills the customer panel.
    const view = await callApi(thread, { path: '/x', token: scene.merchant.token, params: { id: String(body.data.conversationId) }, locale: 'zh-CN' });
    const data = view.body.data as { messages: { kind: string; direction: string; subject: string | null; text: string }[]; customer: { totalSent: number; totalReceived: number; name: string } };
    expect(data.messages.map((m) => `${m.kind}:${m.direction}`)).toEqual(['campaign:out', 'message:in']);
    // The campaign message shows what the customer read, rendered for them.
    expect(data.messages[0].subject).toBe('Thanks 小明!');
    expect(data.messages[0].text).toContain('Hi 王小明,');
    expect(data.messages[0].text).toContain('Write a review (https://g.page/r/test-store/review)');
    expect(data.customer).toMatchObject({ name: '王小明', totalSent: 1, totalReceived: 1 });
    // The same message posted twice (a provider retry) is recorded once.
    await inboundEmail(mimeRequest(chineseMultipart('xiaoming@example.cn', 'no-reply@starloop.test', '<reply-1@example.cn>', '<campaign-1@starloop.test>')), noParams);
    expect(await t.db.select().from(inboxMessages).where(eq(inboxMessages.conversationId, body.data.conversationId))).toHaveLength(1);
  });

  it('routes mail sent to a merchant inbox address, and makes an unknown sender a lead', async () => {
    const merchant = await createMerchant(t.db);
    const to = inboxAddress(merchant.merchantId) ?? '';
    const raw = `From: New Person <new.person@example.com>\r\nTo: ${to}\r\nSubject: Hello\r\nMessage-ID: <hello-1@example.com>\r\n\r\nDo you take bookings?\r\n`;
    const body = await (await inboundEmail(mimeRequest(raw), noParams)).json();
    expect(body.data.accepted).toBe(true);
    const [lead] = await t.db.select().from(contacts).where(eq(contacts.email, 'new.person@example.com'));
    expect(lead).toMatchObject({ merchantId: merchant.merchantId, type: 'leads', firstName: 'New', lastName: 'Person' });
    // A forged signature in the address routes nowhere.
    const forged = raw.replace(to, to.replace(/\.[a-z0-9]+@/, '.aaaaaaaaaa@')).replace('hello-1', 'hello-2').replace('new.person', 'other.person');
    expect((await (await inboundEmail(mimeRequest(forged), noParams)).json()).data).toMatchObject({ accepted: false, reason: 'unknown_recipient' });
  });

  it('refuses the e-mail webhook without its secret and stores nothing', async () => {
    const before = await t.db.select().from(inboxMessages);
    const res = await inboundEmail(mimeRequest('From: a@b.c\r\n\r\nhi', 'wrong-secret!'), noParams);
    expect(res.status).toBe(401);
    expect(await t.db.select().from(inboxMessages)).toHaveLength(before.length);
  });

  it('adds an SMS to the sender conversation, reopens it, and refuses a bad signature storing nothing', async () => {
    const scene = await createSendingScene(t.db, { channel: 'sms', members: [{ phone: '+15550001111' }] });
    await inboundSms(smsRequest({ From: '+15550001111', To: '+15005550006', Body: 'What time do you open?', MessageSid: 'SMa1' }), noParams);
    const [conversation] = await t.db.select().from(conversations).where(eq(conversations.contactId, scene.contactIds[0]));
    expect(conversation).toMatchObject({ lastChannel: 'sms', unreadCount: 1, processed: false, lastPreview: 'What time do you open?' });
    await t.db.update(conversations).set({ processed: true }).where(eq(conversations.id, conversation.id));
    await inboundSms(smsRequest({ From: '+15550001111', To: '+15005550006', Body: 'Hello?', MessageSid: 'SMa2' }), noParams);
    const [again] = await t.db.select().from(conversations).where(eq(conversations.id, conversation.id));
    expect(again).toMatchObject({ unreadCount: 2, processed: false });
    const forged = await inboundSms(smsRequest({ From: '+15550001111', To: '+15005550006', Body: 'forged', MessageSid: 'SMa3' }, 'Zm9yZ2Vk'), noParams);
    expect(forged.status).toBe(403);
    expect(await t.db.select().from(inboxMessages).where(eq(inboxMessages.conversationId, conversation.id))).toHaveLength(2);
  });
  it('extends the sender conversation by the sender address alone (no In-Reply-To, no inbox address)', async () => {
    const merchant = await createMerchant(t.db);
    const first = `From: Carol <carol@example.org>\r\nTo: ${inboxAddress(merchant.merchantId)}\r\nSubject: Booking\r\nMessage-ID: <carol-1@example.org>\r\n\r\nA table for two?\r\n`;
    const opened = (await (await inboundEmail(mimeRequest(first), noParams)).json()).data;
    expect(opened).toMatchObject({ accepted: true, merchantId: merchant.merchantId });
    // A new message to some other address of ours, answering nothing: the sender's address finds the conversation.
    const second = `From: carol@example.org\r\nTo: hello@shop.example\r\nSubject: Also\r\nMessage-ID: <carol-2@example.org>\r\n\r\nAnd a high chair.\r\n`;
    const extended = (await (await inboundEmail(mimeRequest(second), noParams)).json()).data;
    expect(extended).toMatchObject({ accepted: true, conversationId: opened.conversationId, merchantId: merchant.merchantId });
    const texts = (await t.db.select().from(inboxMessages).where(eq(inboxMessages.conversationId, opened.conversationId))).map((m) => m.text);
    expect(texts.sort()).toEqual(['A table for two?', 'And a high chair.']);
    const [conversation] = await t.db.select().from(conversations).where(eq(conversations.id, opened.conversationId));
    expect(conversation).toMatchObject({ unreadCount: 2, lastPreview: 'And a high chair.' });
  });

  it('makes an unknown SMS sender a lead of the merchant its per-merchant webhook names', async () => {
    const merchant = await createMerchant(t.db);
    const query = `?inbox=${smsWebhookKey(merchant.merchantId)}`;
    const res = await inboundSms(smsRequest({ From: '+15550009999', To: '+15005550123', Body: 'Are you open on Sunday?', MessageSid: 'SMu1' }, undefined, query), noParams);
    expect(res.status).toBe(200);
    const [lead] = await t.db.select().from(contacts).where(eq(contacts.phone, '+15550009999'));
    expect(lead).toMatchObject({ merchantId: merchant.merchantId, type: 'leads', email: null });
    const [conversation] = await t.db.select().from(conversations).where(eq(conversations.contactId, lead.id));
    expect(conversation).toMatchObject({ merchantId: merchant.merchantId, lastChannel: 'sms', unreadCount: 1, lastPreview: 'Are you open on Sunday?' });
    const listed = await callApi(list, { path: '/inbox/conversations', token: merchant.token });
    expect((listed.body.data as { records: { name: string; phone: string }[] }).records).toMatchObject([{ name: '+15550009999', phone: '+15550009999' }]);
    // The next text joins the same lead and conversation.
    await inboundSms(smsRequest({ From: '+15550009999', To: '+15005550123', Body: 'Thanks', MessageSid: 'SMu2' }, undefined, query), noParams);
    expect(await t.db.select().from(contacts).where(eq(contacts.phone, '+15550009999'))).toHaveLength(1);
    expect(await t.db.select().from(inboxMessages).where(eq(inboxMessages.conversationId, conversation.id))).toHaveLength(2);
    // A sender that is not an E.164 number (found from outside: a national form, text) is no lead.
    for (const [from, sid] of [['15864747502', 'SMu3'], ['abc<script>', 'SMu4']]) {
      expect((await inboundSms(smsRequest({ From: from, To: '+15005550123', Body: 'hi', MessageSid: sid }, undefined, query), noParams)).status).toBe(200);
      expect(await t.db.select().from(contacts).where(eq(contacts.phone, from))).toHaveLength(0);
    }
  });
});

describe('replies and the list', () => {
  it('replies by e-mail through SMTP (threaded) and by SMS through Twilio, and refuses an opted-out channel', async () => {
    const scene = await createSendingScene(t.db, { members: [{ firstName: 'Ada', email: 'ada@example.com', phone: '+15550002222' }] });
    // The campaign went out a minute before Ada answered it (not "now": the thread orders by time).
    await t.db.execute(sql`update deliveries set status = 'sent', sent_at = now() - interval '1 minute', provider_message_id = '<campaign-2@starloop.test>' where campaign_id = ${scene.campaignId}`);
    const raw = `From: Ada <ada@example.com>\r\nTo: no-reply@starloop.test\r\nSubject: Thanks\r\nMessage-ID: <ada-1@example.com>\r\nIn-Reply-To: <campaign-2@starloop.test>\r\n\r\nLovely coffee!\r\n`;
    const { data } = await (await inboundEmail(mimeRequest(raw), noParams)).json();
    const id = String(data.conversationId);
    const mail = await callApi(reply, { method: 'POST', path: '/x', token: scene.merchant.token, params: { id }, body: { channel: 'email', text: 'Thank you, Ada!\n\nSee you soon.' } });
    expect(mail.status).toBe(200);
    const sent = smtp.messages.at(-1);
    expect(sent?.to).toEqual(['ada@example.com']);
    expect(sent?.subject).toBe('Re: Thanks');
    expect(sent?.headers['in-reply-to']).toBe('<ada-1@example.com>');
    // The campaign Ada answered stays in the chain (found from outside: only her id was there).
    expect(sent?.headers.references).toBe('<campaign-2@starloop.test> <ada-1@example.com>');
    expect(sent?.headers['reply-to']).toMatch(/^reply\+m\d+\.[a-z0-9]+@in\.starloop\.test$/);
    expect(sent?.text).toContain('See you soon.');
    const text = await callApi(reply, { method: 'POST', path: '/x', token: scene.merchant.token, params: { id }, body: { channel: 'sms', text: 'See you tomorrow!' } });
    expect(text.status).toBe(200);
    expect(twilio.messages.at(-1)).toMatchObject({ to: '+15550002222', body: 'See you tomorrow!' });
    await t.db.update(contacts).set({ smsOptIn: false }).where(eq(contacts.id, scene.contactIds[0]));
    const refused = await callApi(reply, { method: 'POST', path: '/x', token: scene.merchant.token, params: { id }, body: { channel: 'sms', text: 'One more thing' } });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('This contact opted out of SMS: no text can be sent');
    const empty = await callApi(reply, { method: 'POST', path: '/x', token: scene.merchant.token, params: { id }, body: { channel: 'email', text: '   ' } });
    expect(empty.status).toBe(400);
    expect((empty.body.data as { fieldErrors: Record<string, string> }).fieldErrors.text).toBe('Write a reply first');
    const view = await callApi(thread, { path: '/x', token: scene.merchant.token, params: { id } });
    const viewed = view.body.data as { lastChannel: string; messages: { direction: string; channel: string }[] };
    expect(viewed.messages.map((m) => `${m.direction}:${m.channel}`)).toEqual(['out:email', 'in:email', 'out:email', 'out:sms']);
    // Our SMS reply does not move the default: the customer last wrote by e-mail.
    expect(viewed.lastChannel).toBe('email');
  });

  it('sends the same reply fired ten times at once exactly once, counted at the SMTP server and at Twilio', async () => {
    const scene = await createSendingScene(t.db, { members: [{ firstName: 'Bo', email: 'bo@example.com', phone: '+15550003333' }] });
    const raw = `From: Bo <bo@example.com>\r\nTo: no-reply@starloop.test\r\nSubject: Hours\r\nMessage-ID: <bo-1@example.com>\r\n\r\nOpen on Sunday?\r\n`;
    const { data } = await (await inboundEmail(mimeRequest(raw), noParams)).json();
    const id = String(data.conversationId);
    const burst = (channel: string, text: string) => Promise.all(Array.from({ length: 10 }, () => callApi(reply, { method: 'POST', path: '/x', token: scene.merchant.token, params: { id }, body: { channel, text } })));
    const mails = await burst('email', 'Yes, 9 to 5 on Sundays.');
    expect(mails.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(mails.find((r) => r.status === 409)?.body.msg).toMatch(/^This reply was just sent\. To send the same text again, wait \d+ seconds$/);
    expect(smtp.messages.filter((m) => m.to.includes('bo@example.com') && m.text?.includes('9 to 5 on Sundays'))).toHaveLength(1);
    const texts = await burst('sms', 'Yes, 9 to 5.');
    expect(texts.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(twilio.messages.filter((m) => m.to === '+15550003333' && m.body === 'Yes, 9 to 5.')).toHaveLength(1);
    // Another text is another reply.
    expect((await callApi(reply, { method: 'POST', path: '/x', token: scene.merchant.token, params: { id }, body: { channel: 'email', text: 'And 10 to 4 on holidays.' } })).status).toBe(200);
  });

  it('threads a second customer e-mail on the Message-ID of our inbox reply, and refuses e-mail to an opted-out contact', async () => {
    const merchant = await createMerchant(t.db);
    const raw = `From: Dora <dora@example.com>\r\nTo: ${inboxAddress(merchant.merchantId)}\r\nSubject: Parking\r\nMessage-ID: <dora-1@example.com>\r\n\r\nIs there parking?\r\n`;
    const { data } = await (await inboundEmail(mimeRequest(raw), noParams)).json();
    const id = String(data.conversationId);
    expect((await callApi(reply, { method: 'POST', path: '/x', token: merchant.token, params: { id }, body: { channel: 'email', text: 'Yes, behind the shop.' } })).status).toBe(200);
    const ours = smtp.messages.at(-1)?.headers['message-id'];
    const [stored] = await t.db.select().from(inboxMessages).where(eq(inboxMessages.externalId, String(ours)));
    expect(stored).toMatchObject({ direction: 'out', conversationId: data.conversationId });
    // From another address of hers, to no inbox address: only our Message-ID can thread it.
    const answer = `From: Dora Work <dora@work.example>\r\nTo: no-reply@starloop.test\r\nSubject: Re: Parking\r\nMessage-ID: <dora-2@work.example>\r\nIn-Reply-To: ${ours}\r\nReferences: <dora-1@example.com> ${ours}\r\n\r\nGreat, thanks!\r\n`;
    expect((await (await inboundEmail(mimeRequest(answer), noParams)).json()).data).toMatchObject({ accepted: true, conversationId: data.conversationId, merchantId: merchant.merchantId });
    expect(await t.db.select().from(contacts).where(eq(contacts.email, 'dora@work.example'))).toHaveLength(0);
    const view = await callApi(thread, { path: '/x', token: merchant.token, params: { id } });
    expect((view.body.data as { messages: { direction: string; text: string }[] }).messages.map((m) => `${m.direction}:${m.text}`)).toEqual(['in:Is there parking?', 'out:Yes, behind the shop.', 'in:Great, thanks!']);
    // Opted out of e-mail: the reply is refused, nothing is sent or recorded.
    await t.db.update(contacts).set({ emailOptIn: false }).where(eq(contacts.email, 'dora@example.com'));
    const sentBefore = smtp.messages.length;
    const refused = await callApi(reply, { method: 'POST', path: '/x', token: merchant.token, params: { id }, body: { channel: 'email', text: 'One more thing' } });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('This contact opted out of e-mail (or the address bounces): no e-mail can be sent');
    expect((refused.body.data as { fieldErrors: Record<string, string> }).fieldErrors.channel).toBe(refused.body.msg);
    expect(smtp.messages).toHaveLength(sentBefore);
    expect(await t.db.select().from(inboxMessages).where(eq(inboxMessages.conversationId, data.conversationId))).toHaveLength(3);
  });

  it('lists newest first with filters, and marks processed', async () => {
    const merchant = await createMerchant(t.db);
    const a = await createSendingScene(t.db, { merchant, channel: 'sms', members: [{ phone: '+15550003333', firstName: 'Alpha' }] });
    const b = await createSendingScene(t.db, { merchant, members: [{ email: 'beta@example.com', firstName: 'Beta' }] });
    void a;
    void b;
    await inboundSms(smsRequest({ From: '+15550003333', To: '+15005550006', Body: 'first', MessageSid: 'SMb1' }), noParams);
    await inboundEmail(mimeRequest(`From: beta@example.com\r\nTo: ${inboxAddress(merchant.merchantId)}\r\nSubject: Later\r\nMessage-ID: <b-1@x>\r\n\r\nsecond\r\n`), noParams);
    const all = await callApi(list, { path: '/inbox/conversations', token: merchant.token });
    const records = (all.body.data as { records: { name: string; conversationId: number }[]; total: number; unread: number }).records;
    expect(records.map((r) => r.name)).toEqual(['Beta Test', 'Alpha Test']);
    expect((all.body.data as { unread: number }).unread).toBe(2);
    const sms = await callApi(list, { path: '/inbox/conversations?filter=sms', token: merchant.token });
    expect((sms.body.data as { records: { name: string }[] }).records.map((r) => r.name)).toEqual(['Alpha Test']);
    await callApi(processed, { method: 'PUT', path: '/x', token: merchant.token, params: { id: String(records[0].conversationId) }, body: { processed: true } });
    const done = await callApi(list, { path: '/inbox/conversations?filter=processed', token: merchant.token });
    expect((done.body.data as { records: { name: string }[] }).records.map((r) => r.name)).toEqual(['Beta Test']);
    const open = await callApi(list, { path: '/inbox/conversations?filter=unprocessed&keyword=alpha', token: merchant.token });
    expect((open.body.data as { total: number }).total).toBe(1);
    expect((await callApi(list, { path: '/inbox/conversations?filter=nope', token: merchant.token })).status).toBe(400);
  });

  it('answers 404 for another merchant conversation, on read, reply and processed', async () => {
    const scene = await createSendingScene(t.db, { channel: 'sms', members: [{ phone: '+15550004444' }] });
    await inboundSms(smsRequest({ From: '+15550004444', To: '+15005550006', Body: 'hi', MessageSid: 'SMc1' }), noParams);
    const [conversation] = await t.db.select().from(conversations).where(eq(conversations.contactId, scene.contactIds[0]));
    const other = await createMerchant(t.db);
    const id = String(conversation.id);
    expect((await callApi(thread, { path: '/x', token: other.token, params: { id } })).status).toBe(404);
    expect((await callApi(reply, { method: 'POST', path: '/x', token: other.token, params: { id }, body: { channel: 'sms', text: 'x' } })).status).toBe(404);
    expect((await callApi(processed, { method: 'PUT', path: '/x', token: other.token, params: { id }, body: { processed: true } })).status).toBe(404);
    expect((await t.db.select().from(conversations).where(eq(conversations.id, conversation.id)))[0].processed).toBe(false);
  });
});
