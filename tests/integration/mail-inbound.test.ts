import crypto from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '@/db/schema/contacts';
import { GET as list } from '@/app/api/inbox/conversations/route';
import { GET as thread } from '@/app/api/inbox/conversations/[id]/route';
import { POST as inboundEmail } from '@/app/api/webhooks/email/inbound/route';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createMerchant, type TestMerchant } from '@/tests/fixtures/factories';
import { callApi } from '@/tests/fixtures/api';

const t = setupTestDatabase();
const APP = 'https://app.starloop.test';
const KEY = 'inbound-secret';
let merchant: TestMerchant;

const SENDERS = ['li.na.customer@gmail.com', 'chen.zhe@contoso-hk.cn', 'zhao.zhe@foxmail.com', 'ah.ming@example.hk', 'zhou.min@example.cn', 'sam.lee@example.com'];

beforeAll(async () => {
  Object.assign(process.env, { APP_URL: APP, INBOUND_EMAIL_SECRET: KEY });
  merchant = await createMerchant(t.db, { name: '星光咖啡' });
  await t.db.insert(contacts).values(SENDERS.map((email, i) => ({ merchantId: merchant.merchantId, firstName: `Sender${i}`, email, optToken: crypto.randomBytes(16).toString('base64url') })));
});
afterAll(() => {
  for (const key of ['APP_URL', 'INBOUND_EMAIL_SECRET']) delete process.env[key];
});

const noParams = { params: Promise.resolve({}) };
const fixture = (name: string) => readFileSync(path.join(__dirname, '../fixtures/mail', name));

/** The message as the body itself (message/rfc822), as most inbound services can post it. */
function rfc822(raw: Buffer): Request {
  return new Request(`${APP}/api/webhooks/email/inbound`, { method: 'POST', headers: { authorization: `Bearer ${KEY}`, 'content-type': 'message/rfc822' }, body: new Uint8Array(raw) });
}

/**
 * SendGrid's inbound parse with "POST the raw, full MIME message": multipart/form-data whose
 * `email` TEXT field (no filename) carries the message's own bytes, 8-bit ones included.
 */
function sendgridRaw(raw: Buffer): Request {
  const boundary = 'xYzZY';
  const field = (name: string, value: Buffer | string) => [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`), Buffer.isBuffer(value) ? value : Buffer.from(value), Buffer.from('\r\n')];
  const body = Buffer.concat([
    ...field('dkim', '{@example.cn : pass}'),
    ...field('email', raw),
    ...field('to', 'no-reply@starloop.local'),
    ...field('from', 'sender'),
    ...field('sender_ip', '203.0.113.7'),
    ...field('envelope', '{"to":["no-reply@starloop.local"],"from":"sender@example.cn"}'),
    ...field('charsets', '{"to":"UTF-8","from":"UTF-8","subject":"UTF-8"}'),
    ...field('spam_score', '0.1'),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return new Request(`${APP}/api/webhooks/email/inbound`, { method: 'POST', headers: { authorization: `Bearer ${KEY}`, 'content-type': `multipart/form-data; boundary=${boundary}` }, body: new Uint8Array(body) });
}

interface Thread {
  messages: { subject: string | null; text: string; html: string | null; attachments: { filename: string }[] }[];
}

async function ingest(request: Request) {
  const response = await inboundEmail(request, noParams);
  expect(response.status).toBe(200);
  const { data } = (await response.json()) as { data: { accepted: boolean; conversationId: number } };
  expect(data.accepted).toBe(true);
  const { body } = await callApi<Thread>(thread, { path: '/x', token: merchant.token, params: { id: String(data.conversationId) } });
  const last = body.data.messages.at(-1);
  if (!last) throw new Error('no message');
  const listed = await callApi<{ records: { conversationId: number; lastPreview: string }[] }>(list, { path: '/inbox/conversations?pageSize=100', token: merchant.token });
  const preview = listed.body.data.records.find((r) => r.conversationId === data.conversationId)?.lastPreview ?? '';
  return { message: last, preview };
}

const GARBLED = /\uFFFD|锟斤拷|�/;
const REMOTE = /<img[^>]+src="?(https?:)?\/\//i;

describe('inbound mail as clients write it, through the webhook', () => {
  it('Gmail: UTF-8 quoted-printable, the quoted pixel not kept', async () => {
    const { message, preview } = await ingest(rfc822(fixture('gmail-utf8-reply.eml')));
    expect(message.subject).toBe('Re: 感谢您的光临！');
    expect(message.text).toContain('收到了，谢谢！我们周六下午三点到店。');
    expect(preview.startsWith('你好，王先生： 收到了，谢谢！')).toBe(true);
    expect(message.html).toContain('dir="ltr"');
    expect(message.html).not.toMatch(REMOTE);
    expect(message.html).not.toContain('/api/t/o/');
  });

  it('Outlook: gb2312 labels read as GB18030 (喆), base64 and quoted-printable parts', async () => {
    const { message, preview } = await ingest(rfc822(fixture('outlook-gb2312.eml')));
    expect(message.subject).toBe('回复: 感谢您的光临！');
    expect(message.text).toContain('上周六的服务很好，陈喆已经在大众点评留了五星评价。');
    expect(preview).toContain('王经理您好');
    expect(`${message.text}${message.html}`).not.toMatch(GARBLED);
    expect(message.html).not.toMatch(REMOTE);
  });

  it('Foxmail: GB2312-labelled base64 with GBK and four-byte GB18030 characters', async () => {
    const { message } = await ingest(rfc822(fixture('foxmail-gbk.eml')));
    expect(message.subject).toBe('回复: 感谢您的光临！');
    expect(message.text).toContain('老板好，我是上次来买豆子的客户，豆子很香！下次还来😊');
    expect(`${message.text}${message.html}`).not.toMatch(GARBLED);
    expect(message.html).not.toMatch(REMOTE);
  });

  it('Thunderbird: Big5-HKSCS keeps 哋 嘅 咗 啲 喺, in the text, subject and attachment name', async () => {
    const { message, preview } = await ingest(rfc822(fixture('thunderbird-big5-hkscs.eml')));
    expect(message.subject).toBe('我哋改咗時間');
    expect(message.text).toContain('我哋嘅訂位改咗去星期六，啲朋友會喺門口等。');
    expect(preview).toContain('我哋嘅訂位改咗去星期六');
    expect(message.attachments.map((a) => a.filename)).toEqual(['訂位.txt']);
  });

  it('HTML only: the thread and the list preview read as text, without title, CSS, entities or images', async () => {
    const { message, preview } = await ingest(rfc822(fixture('html-only.eml')));
    expect(message.text.startsWith('Hi team,\n\nCoffee & cake were great — see you Friday!')).toBe(true);
    expect(message.text).toContain('your menu [https://example.com/menu?a=1&b=2]');
    expect(preview.startsWith('Hi team, Coffee & cake were great — see you Friday!')).toBe(true);
    for (const shown of [message.text, preview]) expect(shown).not.toMatch(/Re: Thanks for visiting|font-family|&nbsp;|&amp;|<[a-z/!]|api\/t\/o|logo\.png/);
    expect(message.html).not.toMatch(REMOTE);
    expect(message.html).toContain('Starlight logo');
  });

  it('SendGrid raw posting: an 8-bit GB2312 message in a form text field keeps its bytes', async () => {
    const { message, preview } = await ingest(sendgridRaw(fixture('plain-8bit-gb2312.eml')));
    expect(message.subject).toBe('订位确认 喆');
    expect(message.text).toBe('您好，我想把周六的订位改到晚上七点，四位。谢谢！周敏');
    expect(preview).toBe('您好，我想把周六的订位改到晚上七点，四位。谢谢！周敏');
  });

  it('SendGrid raw posting of Big5-HKSCS and Foxmail mail, and an urlencoded `email` field', async () => {
    // The same Message-IDs as above: recorded once, so post them under fresh ones.
    const fresh = (name: string) => Buffer.from(fixture(name).toString('latin1').replace(/^Message-ID: <([^>]+)>/im, 'Message-ID: <again-$1>'), 'latin1');
    expect((await ingest(sendgridRaw(fresh('thunderbird-big5-hkscs.eml')))).message.text).toContain('啲朋友會喺門口等');
    expect((await ingest(sendgridRaw(fresh('foxmail-gbk.eml')))).message.text).toContain('下次还来😊');
    const form = `to=x&email=${[...fresh('plain-8bit-gb2312.eml').toString('latin1').replace('<2026', '<form-2026')].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('')}`;
    const request = new Request(`${APP}/api/webhooks/email/inbound`, { method: 'POST', headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/x-www-form-urlencoded' }, body: form });
    expect((await ingest(request)).message.subject).toBe('订位确认 喆');
  });

  it('answers 400, 401 and 413 envelopes for what is not a message, never 500', async () => {
    const post = (body: BodyInit | null, type: string, key = KEY) => inboundEmail(new Request(`${APP}/api/webhooks/email/inbound`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': type }, body }), noParams);
    expect((await post('x', 'message/rfc822', 'wrong')).status).toBe(401);
    expect((await post('', 'message/rfc822')).status).toBe(400);
    expect((await post('--b\r\nContent-Disposition: form-data; name="other"\r\n\r\nx\r\n--b--', 'multipart/form-data; boundary=b')).status).toBe(400);
    expect((await post('no boundary here', 'multipart/form-data')).status).toBe(400);
    expect((await post('other=1', 'application/x-www-form-urlencoded')).status).toBe(400);
    const huge = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new Uint8Array(1024 * 1024));
      },
    });
    const response = await inboundEmail(new Request(`${APP}/api/webhooks/email/inbound`, { method: 'POST', headers: { authorization: `Bearer ${KEY}`, 'content-type': 'message/rfc822' }, body: huge, duplex: 'half' } as RequestInit), noParams);
    expect(response.status).toBe(413);
  });
});
