import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { consentEvents, contacts } from '@/db/schema/contacts';
import { merchants } from '@/db/schema/merchants';
import { POST as reply } from '@/app/api/inbox/conversations/[id]/reply/route';
import { GET as unsubscribeGet, HEAD as unsubscribeHead, POST as unsubscribePost, PUT as unsubscribePut } from '@/app/api/member/public/[token]/consent/route';
import { GET as click } from '@/app/api/t/c/[id]/route';
import { POST as inboundEmail } from '@/app/api/webhooks/email/inbound/route';
import { sendServiceEmailVerification } from '@/lib/merchant/service-email';
import { resetSmtpTransports } from '@/lib/messaging/smtp-transport';
import { clickUrl } from '@/lib/sending/tracking';
import { renderEmail } from '@/lib/sending/render-message';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createMerchant } from '@/tests/fixtures/factories';
import { callApi } from '@/tests/fixtures/api';
import { startSmtpSink, type SmtpSink } from '@/tests/fixtures/smtp-sink';
import { createSendingScene } from '@/tests/fixtures/sending';

const t = setupTestDatabase();
const APP = 'https://app.starloop.test';
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtpSink();
  Object.assign(process.env, { SMTP_URL: smtp.url, APP_URL: APP, INBOUND_EMAIL_SECRET: 'inbound-secret', MAIL_FROM: 'StarLoop <mailer@starloop.test>' });
});
afterAll(async () => {
  for (const key of ['SMTP_URL', 'APP_URL', 'INBOUND_EMAIL_SECRET', 'MAIL_FROM']) delete process.env[key];
  resetSmtpTransports();
  await smtp.close();
});

const noParams = { params: Promise.resolve({}) };

describe('inbox e-mail replies', () => {
  it('come from the merchant’s name on our sending address, as campaign mail does', async () => {
    const merchant = await createMerchant(t.db, { name: '星光咖啡 "Starlight" Café' });
    const scene = await createSendingScene(t.db, { merchant, members: [{ firstName: 'Ada', email: 'ada.reply@example.com' }] });
    const raw = 'From: Ada <ada.reply@example.com>\r\nTo: no-reply@starloop.test\r\nSubject: Thanks\r\nMessage-ID: <ada-out-1@example.com>\r\n\r\nLovely coffee!\r\n';
    const { data } = await (await inboundEmail(new Request(`${APP}/api/webhooks/email/inbound`, { method: 'POST', headers: { authorization: 'Bearer inbound-secret', 'content-type': 'message/rfc822' }, body: raw }), noParams)).json();
    const answer = await callApi(reply, { method: 'POST', path: '/x', token: scene.merchant.token, params: { id: String(data.conversationId) }, body: { channel: 'email', text: 'Thank you, Ada!' } });
    expect(answer.status).toBe(200);
    const sent = smtp.messages.at(-1);
    expect(sent?.to).toEqual(['ada.reply@example.com']);
    const parsed = await PostalMime.parse(sent?.raw ?? '');
    // The name's double quotes go (they would end the quoted display name), as in campaign mail.
    expect(parsed.from).toEqual({ name: '星光咖啡 Starlight Café', address: 'mailer@starloop.test' });
    expect(sent?.from).toBe('mailer@starloop.test');
  });
});

describe('the List-Unsubscribe address', () => {
  async function scene() {
    const s = await createSendingScene(t.db, { members: [{ firstName: 'Bo', email: `bo-${Date.now()}@example.com`, phone: `+1555${String(Date.now()).slice(-7)}`, locale: 'zh-HK' }] });
    const [contact] = await t.db.select().from(contacts).where(eq(contacts.id, s.contactIds[0]));
    return { contact, unsubscribe: renderedUnsubscribe(contact.optToken) };
  }

  function renderedUnsubscribe(token: string): string {
    const mail = renderEmail(
      {
        template: { subject: 'Hi', content: '<p>Hi</p>', contentText: '', includeUnsubscribe: false, locale: 'en-US' },
        contact: { firstName: 'Bo', lastName: '', optToken: token, locale: 'en-US' },
        reviewLink: 'https://g.page/r/x/review',
        baseUrl: APP,
      },
      1,
      1,
    );
    return /^<(.+)>$/.exec(mail.headers['List-Unsubscribe'])?.[1] ?? '';
  }

  it('on GET and HEAD sends a person to the translated confirmation page on APP_URL and changes nothing', async () => {
    const { contact, unsubscribe } = await scene();
    expect(unsubscribe).toBe(`${APP}/api/member/public/${contact.optToken}/consent`);
    for (const handler of [unsubscribeGet, unsubscribeHead]) {
      const response = await handler(new Request(unsubscribe.replace(APP, 'http://evil.example'), { method: handler === unsubscribeGet ? 'GET' : 'HEAD', headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } }), {
        params: Promise.resolve({ token: contact.optToken }),
      });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe(`${APP}/u/${contact.optToken}?action=optout&channel=email`);
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
    const [after] = await t.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect([after.emailOptIn, after.smsOptIn]).toEqual([true, true]);
    expect(await t.db.select().from(consentEvents).where(eq(consentEvents.contactId, contact.id))).toHaveLength(0);
  });

  it('answers 400 for a token that cannot be one, and 405 for PUT', async () => {
    const long = await callApi(unsubscribeGet, { path: '/x', params: { token: 'x'.repeat(101) } });
    expect(long.status).toBe(400);
    expect((await callApi(unsubscribePut, { method: 'PUT', path: '/x', params: { token: 'x' } })).status).toBe(405);
  });

  it('on the RFC 8058 one-click POST opts out of e-mail only, source email-unsubscribe (as docs/api.md says)', async () => {
    const { contact } = await scene();
    const answer = await callApi(unsubscribePost, { method: 'POST', path: '/x', params: { token: contact.optToken }, rawBody: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ emailOptIn: false, smsOptIn: true });
    const events = await t.db.select().from(consentEvents).where(eq(consentEvents.contactId, contact.id));
    expect(events.map((e) => [e.channel, e.action, e.source])).toEqual([['email', 'optout', 'email-unsubscribe']]);
    // A mail client retrying its one-click: 200 again, and no second history row (found from outside).
    const retry = await callApi(unsubscribePost, { method: 'POST', path: '/x', params: { token: contact.optToken }, rawBody: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(retry.status).toBe(200);
    expect(await t.db.select().from(consentEvents).where(eq(consentEvents.contactId, contact.id))).toHaveLength(1);
    // The page's own button still writes 'public-page'.
    await callApi(unsubscribePost, { method: 'POST', path: '/x', params: { token: contact.optToken }, body: { action: 'optin', channel: 'email' } });
    const sources = (await t.db.select().from(consentEvents).where(eq(consentEvents.contactId, contact.id))).map((e) => e.source).sort();
    expect(sources).toEqual(['email-unsubscribe', 'public-page']);
  });
});

describe('links built from APP_URL, never from the request', () => {
  it('sends a tracked link with a bad signature to APP_URL, whatever Host and X-Forwarded-Host say', async () => {
    const good = new URL(clickUrl(APP, 7, 'https://shop.example/menu'));
    const forged = `http://evil.example/api/t/c/7?u=${Buffer.from('https://evil.example/phish').toString('base64url')}&s=${good.searchParams.get('s')}`;
    for (const [url, headers] of [
      [forged, { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' }],
      ['http://127.0.0.1:3000/api/t/c/7?u=x&s=y', { host: 'attacker.example' }],
      ['http://127.0.0.1:3000/api/t/c/not-a-number?u=x&s=y', { 'x-forwarded-host': 'attacker.example' }],
    ] as const) {
      const response = await click(new Request(url, { headers }), { params: Promise.resolve({ id: new URL(url).pathname.split('/').pop() ?? '' }) });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(`${APP}/`);
    }
    const right = await click(new Request(good.toString().replace(APP, 'http://evil.example'), { headers: { host: 'evil.example' } }), { params: Promise.resolve({ id: '7' }) });
    expect(right.headers.get('location')).toBe('https://shop.example/menu');
  });

  it('uses the default APP_URL when none is set, still never the Host', async () => {
    delete process.env.APP_URL;
    try {
      const response = await click(new Request('http://evil.example/api/t/c/7?u=x&s=y', { headers: { host: 'evil.example' } }), { params: Promise.resolve({ id: '7' }) });
      expect(response.headers.get('location')).toBe('http://127.0.0.1:3000/');
    } finally {
      process.env.APP_URL = APP;
    }
  });

  it('puts APP_URL in the service e-mail verification link', async () => {
    const merchant = await createMerchant(t.db);
    await t.db.update(merchants).set({ serviceEmail: 'owner.verify@shop.example' }).where(eq(merchants.id, merchant.merchantId));
    await sendServiceEmailVerification(merchant.ctx);
    const sent = smtp.messages.at(-1);
    expect(sent?.to).toEqual(['owner.verify@shop.example']);
    expect(sent?.text).toMatch(new RegExp(`${APP.replace(/[.]/g, '\\.')}/portal/verify-email\\?token=`));
  });
});
