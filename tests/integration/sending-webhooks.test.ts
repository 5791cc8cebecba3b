import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { deliveries } from '@/db/schema/sending';
import { contacts, consentEvents } from '@/db/schema/contacts';
import { dispatchOnce } from '@/lib/sending/dispatcher';
import { transportsFromEnv } from '@/lib/sending/transports';
import { clickUrl, openPixelUrl } from '@/lib/sending/tracking';
import { openedCountSql } from '@/lib/sending/queue';
import twilioSdk from 'twilio';
import { POST as statusCallback } from '@/app/api/webhooks/twilio/status/route';
import { POST as inbound } from '@/app/api/webhooks/twilio/inbound/route';
import { POST as cronDispatch } from '@/app/api/cron/dispatch/route';
import { GET as openPixel } from '@/app/api/t/o/[id]/[sig]/route';
import { GET as click } from '@/app/api/t/c/[id]/route';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { startFakeTwilio, type FakeTwilio } from '@/tests/fixtures/fake-twilio';
import { campaignRow, createSendingScene, deliveryStatuses } from '@/tests/fixtures/sending';
import { startDueScheduledCampaigns } from '@/lib/campaigns/start-scheduled';

const t = setupTestDatabase();
let twilio: FakeTwilio;
const APP = 'https://app.starloop.test';

beforeAll(async () => {
  twilio = await startFakeTwilio();
  Object.assign(process.env, { TWILIO_ACCOUNT_SID: twilio.accountSid, TWILIO_AUTH_TOKEN: twilio.authToken, TWILIO_FROM: '+15005550006', TWILIO_BASE_URL: twilio.baseUrl, APP_URL: APP });
});
afterAll(async () => {
  for (const key of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM', 'TWILIO_BASE_URL', 'APP_URL', 'CRON_SECRET']) delete process.env[key];
  await twilio.close();
});

function twilioPost(path: string, params: Record<string, string>, signature?: string): Request {
  const sig = signature ?? twilioSdk.getExpectedTwilioSignature(twilio.authToken, `${APP}${path}`, params);
  return new Request(`http://127.0.0.1:3000${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': sig, 'accept-language': 'en-US' },
    body: new URLSearchParams(params).toString(),
  });
}
const noParams = { params: Promise.resolve({}) };

describe('SMS through Twilio', () => {
  it('sends over the REST API with a status callback, and records the message SID', async () => {
    const scene = await createSendingScene(t.db, { channel: 'sms', members: [{ firstName: 'Ada', phone: '+15551230001' }] });
    await dispatchOnce(t.db, { startDueScheduledCampaigns, transports: transportsFromEnv(), baseUrl: APP });
    const sent = twilio.messages.at(-1);
    expect(sent).toMatchObject({ to: '+15551230001', from: '+15005550006', statusCallback: `${APP}/api/webhooks/twilio/status` });
    expect(sent?.body).toBe('Hi Ada, review us: https://g.page/r/test-store/review');
    const [row] = await t.db.select().from(deliveries).where(eq(deliveries.campaignId, scene.campaignId));
    expect(row.providerMessageId).toBe(sent?.sid);
  });

  it('retries a 429 and fails a 400 with Twilio’s reason', async () => {
    const scene = await createSendingScene(t.db, { channel: 'sms', count: 1 });
    twilio.failNext(1, 429);
    expect((await dispatchOnce(t.db, { startDueScheduledCampaigns, transports: transportsFromEnv(), baseUrl: APP })).retried).toBe(1);
    const bad = await createSendingScene(t.db, { channel: 'sms', count: 1 });
    twilio.failNext(1, 400);
    await dispatchOnce(t.db, { startDueScheduledCampaigns, transports: transportsFromEnv(), baseUrl: APP });
    const [failed] = await t.db.select().from(deliveries).where(eq(deliveries.campaignId, bad.campaignId));
    expect(failed.status).toBe('failed');
    expect(failed.error).toContain('21211');
    expect(await deliveryStatuses(t.db, scene.campaignId)).toEqual({ queued: 1 });
  });

  it('applies status callbacks with a good signature and refuses a bad one', async () => {
    const scene = await createSendingScene(t.db, { channel: 'sms', count: 2 });
    await dispatchOnce(t.db, { startDueScheduledCampaigns, transports: transportsFromEnv(), baseUrl: APP });
    const rows = await t.db.select().from(deliveries).where(eq(deliveries.campaignId, scene.campaignId));
    const [a, b] = rows.map((r) => r.providerMessageId ?? '');
    const path = '/api/webhooks/twilio/status';
    const forged = await statusCallback(twilioPost(path, { MessageSid: a, MessageStatus: 'failed' }, 'AAAAAAAAAAAAAAAAAAAAAAAAAAA='), noParams);
    expect(forged.status).toBe(403);
    expect((await campaignRow(t.db, scene.campaignId)).successRecords).toBe(2);
    expect((await statusCallback(twilioPost(path, { MessageSid: a, MessageStatus: 'delivered' }), noParams)).status).toBe(200);
    const failed = await statusCallback(twilioPost(path, { MessageSid: b, MessageStatus: 'undelivered', ErrorCode: '30005' }), noParams);
    expect(failed.status).toBe(200);
    expect(await deliveryStatuses(t.db, scene.campaignId)).toEqual({ sent: 1, failed: 1 });
    expect((await campaignRow(t.db, scene.campaignId)).successRecords).toBe(1);
    const events = await t.db.execute<{ type: string }>(sql`select type from delivery_events e join deliveries d on d.id = e.delivery_id where d.campaign_id = ${scene.campaignId} order by e.id`);
    const types = events.map((r) => r.type);
    expect(types).toEqual(['sent', 'sent', 'delivered', 'failed']);
  });
});

describe('SMS replies', () => {
  it.each([
    ['STOP', 'en-US', 'You have been unsubscribed'],
    ['TD', 'zh-CN', '您已退订'],
    ['退订', 'zh-CN', '您已退订'],
    ['取消', 'zh-HK', '您已取消訂閱'],
  ])('%s opts the sender out at once and confirms in their language (%s)', async (word, locale, confirmation) => {
    const phone = `+1555${Math.floor(1000000 + Math.random() * 8999999)}`;
    const scene = await createSendingScene(t.db, { channel: 'sms', members: [{ phone, locale }] });
    const res = await inbound(twilioPost('/api/webhooks/twilio/inbound', { From: phone, To: '+15005550006', Body: word, MessageSid: 'SMin1' }), noParams);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/xml');
    const [contact] = await t.db.select().from(contacts).where(eq(contacts.id, scene.contactIds[0]));
    expect(contact.smsOptIn).toBe(false);
    const history = await t.db.select().from(consentEvents).where(eq(consentEvents.contactId, contact.id));
    expect(history.map((h) => `${h.channel}:${h.action}:${h.source}`)).toEqual(['sms:optout:sms-reply']);
    expect(twilio.messages.at(-1)).toMatchObject({ to: phone });
    expect(twilio.messages.at(-1)?.body).toContain(confirmation);
  });

  it('START opts back in; an ordinary message changes nothing; a forged webhook is refused', async () => {
    const phone = '+15557654321';
    const scene = await createSendingScene(t.db, { channel: 'sms', members: [{ phone, smsOptIn: false }] });
    await inbound(twilioPost('/api/webhooks/twilio/inbound', { From: phone, To: '+15005550006', Body: 'start' }), noParams);
    const [contact] = await t.db.select().from(contacts).where(eq(contacts.id, scene.contactIds[0]));
    expect(contact.smsOptIn).toBe(true);
    await inbound(twilioPost('/api/webhooks/twilio/inbound', { From: phone, To: '+15005550006', Body: 'Can I stop by at 5?' }), noParams);
    expect((await t.db.select().from(contacts).where(eq(contacts.id, contact.id)))[0].smsOptIn).toBe(true);
    const forged = await inbound(twilioPost('/api/webhooks/twilio/inbound', { From: phone, Body: 'STOP' }, 'bm90IGEgc2lnbmF0dXJl'), noParams);
    expect(forged.status).toBe(403);
    expect((await t.db.select().from(contacts).where(eq(contacts.id, contact.id)))[0].smsOptIn).toBe(true);
  });
});

describe('tracking and the cron route', () => {
  it('records the first open and click, redirects only to the signed target', async () => {
    const scene = await createSendingScene(t.db, { count: 1 });
    process.env.SMTP_URL = '';
    await dispatchOnce(t.db, { startDueScheduledCampaigns, transports: transportsFromEnv(), baseUrl: APP });
    const [row] = await t.db.select().from(deliveries).where(eq(deliveries.campaignId, scene.campaignId));
    const pixel = new URL(openPixelUrl(APP, row.id));
    const [, , , , , id, sig] = pixel.pathname.split('/');
    const image = await openPixel(new Request(pixel), { params: Promise.resolve({ id, sig }) });
    expect(image.headers.get('content-type')).toBe('image/gif');
    const link = new URL(clickUrl(APP, row.id, 'https://g.page/r/test-store/review'));
    const redirect = await click(new Request(link), { params: Promise.resolve({ id: String(row.id) }) });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe('https://g.page/r/test-store/review');
    link.searchParams.set('u', Buffer.from('https://evil.example').toString('base64url'));
    const forged = await click(new Request(link), { params: Promise.resolve({ id: String(row.id) }) });
    expect(forged.headers.get('location')).not.toContain('evil');
    const [after] = await t.db.select().from(deliveries).where(eq(deliveries.id, row.id));
    expect(after.openedAt).not.toBeNull();
    expect(after.clickedAt).not.toBeNull();
    // The campaign's opened count (read through its partial index) counts the message once, however often it opens.
    await openPixel(new Request(pixel), { params: Promise.resolve({ id, sig }) });
    const [opened] = await t.db.execute<{ n: number }>(sql`select ${openedCountSql(sql`${scene.campaignId}::int`)} as n`);
    expect(Number(opened.n)).toBe(1);
  });

  it('refuses the cron dispatch without the CRON_SECRET bearer', async () => {
    const call = (auth?: string) => cronDispatch(new Request('http://127.0.0.1/api/cron/dispatch', { method: 'POST', headers: auth ? { authorization: auth } : {} }), noParams);
    delete process.env.CRON_SECRET;
    expect((await call('Bearer anything')).status).toBe(401);
    process.env.CRON_SECRET = 'a-long-cron-secret';
    expect((await call()).status).toBe(401);
    expect((await call('Bearer wrong-secret-of-same-length')).status).toBe(401);
    const ok = await call('Bearer a-long-cron-secret');
    expect(ok.status).toBe(200);
    expect((await ok.json()).data).toHaveProperty('claimed');
  });
});
