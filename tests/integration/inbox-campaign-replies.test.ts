import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { deliveries } from '@/db/schema/sending';
import { conversations } from '@/db/schema/inbox';
import { merchants } from '@/db/schema/merchants';
import { GET as list } from '@/app/api/inbox/conversations/route';
import { GET as thread } from '@/app/api/inbox/conversations/[id]/route';
import { POST as inboundEmail } from '@/app/api/webhooks/email/inbound/route';
import { POST as inboundSms } from '@/app/api/webhooks/twilio/inbound/route';
import { inboxAddress } from '@/lib/reply-address/reply-address';
import { resetSmtpTransports, smtpTransport } from '@/lib/messaging/smtp-transport';
import { outboxSmsTransport } from '@/lib/messaging/outbox-transport';
import { dispatchOnce } from '@/lib/sending/dispatcher';
import { createRateLimiter } from '@/lib/sending/rate-limiter';
import { twilioSignature } from '@/lib/sending/twilio-signature';
import type { SendingTransports } from '@/lib/sending/transports';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { callApi } from '@/tests/fixtures/api';
import { startSmtpSink, type SmtpSink } from '@/tests/fixtures/smtp-sink';
import { createSendingScene } from '@/tests/fixtures/sending';
import { startDueScheduledCampaigns } from '@/lib/campaigns/start-scheduled';

/** Campaign messages meet the inbox: Reply-To, the customer's answer, and the thread above it. */
const t = setupTestDatabase();
const APP = 'https://app.starloop.test';
const TOKEN = 'inbox-campaign-twilio-token';
let smtp: SmtpSink;
let transports: SendingTransports;

beforeAll(async () => {
  smtp = await startSmtpSink();
  transports = {
    email: smtpTransport(smtp.url),
    sms: outboxSmsTransport,
    emailLimiter: createRateLimiter(0),
    smsLimiter: createRateLimiter(0),
    from: (name) => `"${name}" <campaigns@starloop.test>`,
  };
  Object.assign(process.env, { APP_URL: APP, INBOUND_EMAIL_SECRET: 'inbound-secret', INBOUND_EMAIL_DOMAIN: 'in.starloop.test', TWILIO_AUTH_TOKEN: TOKEN });
});
afterAll(async () => {
  for (const key of ['APP_URL', 'INBOUND_EMAIL_SECRET', 'INBOUND_EMAIL_DOMAIN', 'TWILIO_AUTH_TOKEN']) delete process.env[key];
  resetSmtpTransports();
  await smtp.close();
});

const noParams = { params: Promise.resolve({}) };

async function drain() {
  for (let i = 0; i < 20; i++) {
    const report = await dispatchOnce(t.db, { startDueScheduledCampaigns, transports, baseUrl: APP, staleAfterMs: 60_000 });
    if (!report.claimed && !report.started) return;
  }
}

function mimeRequest(raw: string): Request {
  return new Request(`${APP}/api/webhooks/email/inbound`, { method: 'POST', headers: { authorization: 'Bearer inbound-secret', 'content-type': 'message/rfc822' }, body: raw });
}

function smsRequest(params: Record<string, string>): Request {
  const path = '/api/webhooks/twilio/inbound';
  return new Request(`http://127.0.0.1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(TOKEN, `${APP}${path}`, params) },
    body: new URLSearchParams(params).toString(),
  });
}

type ThreadData = { lastChannel: string; messages: { kind: string; direction: string; channel: string; subject: string | null; text: string; campaignName?: string }[] };

describe('campaign messages and the inbox', () => {
  it('sends campaign mail with the merchant inbox address as Reply-To; the answer threads under the rendered campaign message', async () => {
    const scene = await createSendingScene(t.db, { members: [{ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' }] });
    // Verified service e-mail too: with the inbox configured, the inbox address wins.
    await t.db.update(merchants).set({ serviceEmail: 'owner@cafe.example', emailVerificationStatus: 'Success' }).where(eq(merchants.id, scene.merchant.merchantId));
    await drain();
    const sent = smtp.messages.find((m) => m.to.includes('ada@example.com'));
    const address = inboxAddress(scene.merchant.merchantId) ?? '';
    expect(sent?.headers['reply-to']).toBe(address);
    // A campaign message alone opens no conversation.
    const before = await callApi(list, { path: '/inbox/conversations', token: scene.merchant.token });
    expect((before.body.data as { total: number }).total).toBe(0);
    const [delivery] = await t.db.select().from(deliveries).where(eq(deliveries.campaignId, scene.campaignId));
    expect(delivery.providerMessageId).toBe(sent?.headers['message-id']);
    // The customer presses Reply: to the Reply-To address, answering the campaign's Message-ID.
    const raw = `From: Ada <ada@example.com>\r\nTo: ${address}\r\nSubject: Re: ${sent?.subject}\r\nMessage-ID: <ada-answer@example.com>\r\nIn-Reply-To: ${sent?.headers['message-id']}\r\n\r\nWonderful coffee.\r\n`;
    const { data } = await (await inboundEmail(mimeRequest(raw), noParams)).json();
    expect(data).toMatchObject({ accepted: true, merchantId: scene.merchant.merchantId });
    const view = await callApi(thread, { path: '/x', token: scene.merchant.token, params: { id: String(data.conversationId) } });
    const messages = (view.body.data as ThreadData).messages;
    expect(messages.map((m) => `${m.kind}:${m.direction}:${m.channel}`)).toEqual(['campaign:out:email', 'message:in:email']);
    expect(messages[0]).toMatchObject({ campaignName: 'Spring review drive', subject: 'Thanks Ada!' });
    expect(messages[0].text).toContain('Hi Ada Lovelace,');
    expect(messages[0].text).toContain('Write a review (https://g.page/r/test-store/review)');
    // What the customer read, not the tracked copy.
    expect(messages[0].text).not.toContain('/t/c/');
    expect(messages[1].text).toBe('Wonderful coffee.');
  });

  it('shows an SMS campaign message above the customer text that answers it', async () => {
    const scene = await createSendingScene(t.db, { channel: 'sms', members: [{ firstName: 'Bo', phone: '+15550007777' }] });
    await drain();
    const before = await callApi(list, { path: '/inbox/conversations', token: scene.merchant.token });
    expect((before.body.data as { total: number }).total).toBe(0);
    await inboundSms(smsRequest({ From: '+15550007777', To: '+15005550006', Body: 'Done, 5 stars!', MessageSid: 'SMcampaign1' }), noParams);
    const [conversation] = await t.db.select().from(conversations).where(eq(conversations.contactId, scene.contactIds[0]));
    const view = await callApi(thread, { path: '/x', token: scene.merchant.token, params: { id: String(conversation.id) } });
    const data = view.body.data as ThreadData;
    expect(data.messages.map((m) => `${m.kind}:${m.direction}:${m.channel}:${m.text}`)).toEqual([
      'campaign:out:sms:Hi Bo, review us: https://g.page/r/test-store/review',
      'message:in:sms:Done, 5 stars!',
    ]);
    expect(data.lastChannel).toBe('sms');
  });

  it('keeps the verified service e-mail as Reply-To when no inbox domain is configured', async () => {
    delete process.env.INBOUND_EMAIL_DOMAIN;
    try {
      const scene = await createSendingScene(t.db, { members: [{ email: 'cy@example.com' }] });
      await t.db.update(merchants).set({ serviceEmail: 'owner@tea.example', emailVerificationStatus: 'Success' }).where(eq(merchants.id, scene.merchant.merchantId));
      await drain();
      expect(smtp.messages.find((m) => m.to.includes('cy@example.com'))?.headers['reply-to']).toBe('owner@tea.example');
    } finally {
      process.env.INBOUND_EMAIL_DOMAIN = 'in.starloop.test';
    }
  });
});
