import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { callApi } from '@/tests/fixtures/api';
import { createMerchant } from '@/tests/fixtures/factories';
import { outbox } from '@/db/schema/outbox';
import { merchants } from '@/db/schema/merchants';
import { sendEmail } from '@/lib/messaging/send';
import { resetSmtpTransports } from '@/lib/messaging/smtp-transport';
import { sendServiceEmailVerification } from '@/lib/merchant/service-email';
import { POST as sendEmailCode } from '@/app/api/user/sendEmailCode/route';
import { POST as validateEmailCode } from '@/app/api/user/validateEmailCode/route';

const t = setupTestDatabase();

interface Received {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}
const received: Received[] = [];
/** Recipient -> SMTP reply code to refuse it with. */
const refuse = new Map<string, number>();
let server: SMTPServer;
const savedEnv = { SMTP_URL: process.env.SMTP_URL, MAIL_FROM: process.env.MAIL_FROM };

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const code = refuse.get(address.address);
      if (!code) return callback();
      const error = Object.assign(new Error(code >= 500 ? 'mailbox unavailable' : 'try again later'), { responseCode: code });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        const parsed = await PostalMime.parse(Buffer.concat(chunks));
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: parsed.html ?? '',
          headers: Object.fromEntries(parsed.headers.map((h) => [h.key, h.value])),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  process.env.MAIL_FROM = 'StarLoop Test <codes@starloop.test>';
});

afterAll(async () => {
  resetSmtpTransports();
  process.env.SMTP_URL = savedEnv.SMTP_URL;
  process.env.MAIL_FROM = savedEnv.MAIL_FROM;
  if (savedEnv.SMTP_URL === undefined) delete process.env.SMTP_URL;
  if (savedEnv.MAIL_FROM === undefined) delete process.env.MAIL_FROM;
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('SMTP delivery on loopback (smtp-server)', () => {
  it('delivers the registration code over SMTP, and that code verifies the e-mail', async () => {
    const sent = await callApi(sendEmailCode, { method: 'POST', path: '/user/sendEmailCode', body: { email: 'owner@dumpling.example' }, locale: 'zh-CN' });
    expect(sent.status).toBe(200);
    const mail = mailTo('owner@dumpling.example');
    expect(mail.from).toBe('codes@starloop.test');
    expect(mail.subject).toMatch(/^StarLoop 验证码：\d{6}$/);
    const code = /(\d{6})/.exec(mail.subject)?.[1] ?? '';
    expect(mail.text).toContain(code);
    expect(mail.html).toContain(code);
    // Sent by SMTP, so nothing went to the outbox.
    expect(await t.db.select().from(outbox).where(eq(outbox.to, 'owner@dumpling.example'))).toHaveLength(0);

    const ok = await callApi<{ verificationToken: string }>(validateEmailCode, { method: 'POST', path: '/user/validateEmailCode', body: { email: 'owner@dumpling.example', code } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.verificationToken).toBeTruthy();
  });

  it('passes reply-to and extra headers through', async () => {
    const result = await sendEmail(t.db, { to: 'member@dumpling.example', subject: 'Hello', html: '<p>Hi</p>', text: 'Hi', replyTo: 'shop@dumpling.example', headers: { 'List-Unsubscribe': '<https://x.test/u/1>' } });
    expect(result.transport).toBe('smtp');
    const mail = mailTo('member@dumpling.example');
    expect(mail.headers['reply-to']).toContain('shop@dumpling.example');
    expect(mail.headers['list-unsubscribe']).toBe('<https://x.test/u/1>');
  });

  it('answers 502 and forgets the code when the server refuses, so a retry is not throttled', async () => {
    refuse.set('bounce@dumpling.example', 550);
    const failed = await callApi(sendEmailCode, { method: 'POST', path: '/user/sendEmailCode', body: { email: 'bounce@dumpling.example' } });
    expect(failed.status).toBe(502);
    expect(failed.body.msg).toBe('Sending the code failed; please try again later');
    refuse.delete('bounce@dumpling.example');
    expect((await callApi(sendEmailCode, { method: 'POST', path: '/user/sendEmailCode', body: { email: 'bounce@dumpling.example' } })).status).toBe(200);
  });

  it('records TemporaryFailure for a 4xx refusal and Failed for a 5xx one', async () => {
    const m = await createMerchant(t.db);
    await t.db.update(merchants).set({ serviceEmail: 'busy@dumpling.example' }).where(eq(merchants.id, m.merchantId));
    refuse.set('busy@dumpling.example', 451);
    await expect(sendEmail(t.db, { to: 'busy@dumpling.example', subject: 's', html: 'h', text: 't' })).rejects.toMatchObject({ name: 'DeliveryError', temporary: true });
    await expect(sendServiceEmailVerification(m.ctx, 'http://shop.test')).rejects.toMatchObject({ code: 'BAD_GATEWAY' });
    const [temp] = await t.db.select().from(merchants).where(eq(merchants.id, m.merchantId));
    expect(temp.emailVerificationStatus).toBe('TemporaryFailure');

    refuse.set('busy@dumpling.example', 550);
    await expect(sendServiceEmailVerification(m.ctx, 'http://shop.test')).rejects.toMatchObject({ code: 'BAD_GATEWAY' });
    const [failed] = await t.db.select().from(merchants).where(eq(merchants.id, m.merchantId));
    expect(failed.emailVerificationStatus).toBe('Failed');

    refuse.delete('busy@dumpling.example');
    await expect(sendServiceEmailVerification(m.ctx, 'http://shop.test')).resolves.toMatchObject({ emailVerificationStatus: 'Pending' });
    expect(received.some((r) => r.to.includes('busy@dumpling.example') && r.text.includes('http://shop.test/portal/verify-email?token='))).toBe(true);
  });
});

function mailTo(address: string): Received {
  const mail = received.find((m) => m.to.includes(address));
  if (!mail) throw new Error(`no mail to ${address}`);
  return mail;
}
