import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { CampaignStatus, campaigns, messageContents } from '@/db/schema/campaigns';
import { deliveries } from '@/db/schema/sending';
import { dispatchOnce } from '@/lib/sending/dispatcher';
import { resolveReview } from '@/lib/sending/review';
import { transportsFromEnv } from '@/lib/sending/transports';
import { settleSmsReviews, UNKNOWN_AFTER_MS } from '@/lib/sending/twilio-review';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { startFakeTwilio, type FakeTwilio } from '@/tests/fixtures/fake-twilio';
import { campaignRow, createSendingScene } from '@/tests/fixtures/sending';
import { startDueScheduledCampaigns } from '@/lib/campaigns/start-scheduled';

const t = setupTestDatabase();
let twilio: FakeTwilio;
const FROM = '+15005550006';
const ENV = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM', 'TWILIO_BASE_URL'];

beforeAll(async () => {
  twilio = await startFakeTwilio();
});
beforeEach(async () => {
  // Each test's rows alone: what earlier tests left in review would be asked about again, and
  // what they queued again would be sent by the next dispatch.
  await t.db.update(deliveries).set({ status: 'cancelled' }).where(inArray(deliveries.status, ['needs_review', 'queued']));
  Object.assign(process.env, { TWILIO_ACCOUNT_SID: twilio.accountSid, TWILIO_AUTH_TOKEN: twilio.authToken, TWILIO_FROM: FROM, TWILIO_BASE_URL: twilio.baseUrl });
});
afterAll(async () => {
  for (const key of ENV) delete process.env[key];
  await twilio.close();
});

interface InReview {
  deliveryId: number;
  campaignId: number;
  to: string;
  body: string;
  attemptedAt: Date;
}

/**
 * One SMS delivery in review, as a dispatcher leaves it: handed to Twilio at `attemptedAt`, with
 * its rendered body kept (message_contents) and, when given, Twilio's sid.
 */
async function smsInReview(options: { attemptedAt?: Date; sid?: string; campaignStatus?: number } = {}): Promise<InReview> {
  const phone = `+1555${crypto.randomInt(1_000_000, 9_999_999)}`;
  const scene = await createSendingScene(t.db, { channel: 'sms', members: [{ firstName: 'Ada', phone }] });
  const body = `Hi Ada, review us: https://g.page/r/test-store/review ${crypto.randomUUID().slice(0, 8)}`;
  const hash = crypto.createHash('sha256').update(body).digest('hex');
  await t.db.insert(messageContents).values({ hash, merchantId: scene.merchant.merchantId, text: body }).onConflictDoNothing();
  const attemptedAt = options.attemptedAt ?? new Date();
  const [row] = await t.db
    .update(deliveries)
    .set({ status: 'needs_review', error: 'dispatcher stopped while sending', attemptedAt, attempts: 1, contentHash: hash, providerMessageId: options.sid ?? null, updatedAt: attemptedAt })
    .where(eq(deliveries.campaignId, scene.campaignId))
    .returning({ id: deliveries.id });
  if (options.campaignStatus !== undefined) await t.db.update(campaigns).set({ status: options.campaignStatus }).where(eq(campaigns.id, scene.campaignId));
  return { deliveryId: row.id, campaignId: scene.campaignId, to: phone, body, attemptedAt };
}

async function delivery(id: number) {
  const [row] = await t.db.select().from(deliveries).where(eq(deliveries.id, id));
  return row;
}

async function events(id: number): Promise<string[]> {
  const rows = await t.db.execute<{ type: string; detail: string | null }>(sql`select type, detail from delivery_events where delivery_id = ${id} order by id`);
  return rows.map((r) => `${r.type}:${r.detail ?? ''}`);
}

describe('SMS in review, settled against Twilio', () => {
  it('settles by the recorded sid: delivered at Twilio is sent (and delivered), counted once', async () => {
    const r = await smsInReview();
    const sid = twilio.record({ to: '+15550000000', body: 'whatever Twilio has', status: 'delivered' });
    await t.db.update(deliveries).set({ providerMessageId: sid }).where(eq(deliveries.id, r.deliveryId));
    expect(await settleSmsReviews(t.db, new Date())).toBe(1);
    const row = await delivery(r.deliveryId);
    expect(row.status).toBe('sent');
    expect(row.providerMessageId).toBe(sid);
    expect(row.error).toBe(null);
    expect(await events(r.deliveryId)).toEqual(['sent:confirmed by Twilio', 'delivered:confirmed by Twilio']);
    expect((await campaignRow(t.db, r.campaignId)).successRecords).toBe(1);
    expect(twilio.lookups.at(-1)).toBe(`/2010-04-01/Accounts/${twilio.accountSid}/Messages/${sid}.json`);
    // Settled rows are not asked about again.
    const asked = twilio.lookups.length;
    expect(await settleSmsReviews(t.db, new Date())).toBe(0);
    expect(twilio.lookups.length).toBe(asked);
  });

  it('finds a message without a sid by To, From and body, even one still queued at Twilio (no DateSent yet)', async () => {
    const r = await smsInReview();
    const sid = twilio.record({ to: r.to, from: FROM, body: r.body, status: 'queued' });
    expect(twilio.messages.find((m) => m.sid === sid)?.dateSent).toBe(null);
    expect(await settleSmsReviews(t.db, new Date())).toBe(1);
    const row = await delivery(r.deliveryId);
    expect(row.status).toBe('sent');
    expect(row.providerMessageId).toBe(sid);
    expect(await events(r.deliveryId)).toEqual(['sent:confirmed by Twilio']);
    const list = new URL(`http://x${twilio.lookups.at(-1)}`);
    expect([list.pathname, list.searchParams.get('To'), list.searchParams.get('From')]).toEqual([`/2010-04-01/Accounts/${twilio.accountSid}/Messages.json`, r.to, FROM]);
  });

  it('fails a message Twilio reports failed or undelivered, with its code, and does not count it', async () => {
    const bySid = await smsInReview();
    const sid = twilio.record({ to: bySid.to, body: bySid.body, status: 'undelivered', errorCode: 30005 });
    await t.db.update(deliveries).set({ providerMessageId: sid }).where(eq(deliveries.id, bySid.deliveryId));
    const byList = await smsInReview();
    twilio.record({ to: byList.to, body: byList.body, status: 'failed', errorCode: 30007 });
    expect(await settleSmsReviews(t.db, new Date())).toBe(2);
    expect([(await delivery(bySid.deliveryId)).error, (await delivery(byList.deliveryId)).error]).toEqual(['twilio undelivered 30005', 'twilio failed 30007']);
    expect((await delivery(byList.deliveryId)).status).toBe('failed');
    expect(await events(byList.deliveryId)).toEqual(['failed:twilio failed 30007']);
    expect((await campaignRow(t.db, byList.campaignId)).successRecords).toBe(0);
  });

  it('queues again a message Twilio does not know 10 minutes after the attempt, and reopens its completed campaign', async () => {
    const attemptedAt = new Date(Date.now() - 60_000);
    const r = await smsInReview({ attemptedAt, campaignStatus: CampaignStatus.COMPLETED });
    // Too early to say: the request might still be on its way.
    expect(await settleSmsReviews(t.db, new Date(attemptedAt.getTime() + 5 * 60_000))).toBe(0);
    expect((await delivery(r.deliveryId)).status).toBe('needs_review');
    expect(await settleSmsReviews(t.db, new Date(attemptedAt.getTime() + UNKNOWN_AFTER_MS + 1000))).toBe(1);
    const row = await delivery(r.deliveryId);
    expect([row.status, row.attemptedAt, row.error]).toEqual(['queued', null, null]);
    expect(await events(r.deliveryId)).toEqual(['retry:unknown to Twilio 10 minutes after the attempt']);
    expect((await campaignRow(t.db, r.campaignId)).status).toBe(CampaignStatus.SENDING);
  });

  it('cancels instead of queuing when the campaign was stopped', async () => {
    const attemptedAt = new Date(Date.now() - UNKNOWN_AFTER_MS - 60_000);
    const r = await smsInReview({ attemptedAt, campaignStatus: CampaignStatus.STOPPED });
    expect(await settleSmsReviews(t.db, new Date())).toBe(1);
    expect((await delivery(r.deliveryId)).status).toBe('cancelled');
    expect((await campaignRow(t.db, r.campaignId)).status).toBe(CampaignStatus.STOPPED);
  });

  it('leaves to a person a look-alike (another message to them near that time) and a sid Twilio does not have', async () => {
    const attemptedAt = new Date(Date.now() - UNKNOWN_AFTER_MS - 60_000);
    const lookAlike = await smsInReview({ attemptedAt });
    twilio.record({ to: lookAlike.to, body: 'Your table is ready', dateCreated: new Date(attemptedAt.getTime() + 3000) });
    // A message to them days before is outside the window: not a reason to wait.
    const earlier = await smsInReview({ attemptedAt });
    twilio.record({ to: earlier.to, body: earlier.body, status: 'delivered', dateCreated: new Date(attemptedAt.getTime() - 2 * 86_400_000) });
    const lostSid = await smsInReview({ attemptedAt, sid: 'SM0000000000000000000000000000dead' });
    expect(await settleSmsReviews(t.db, new Date())).toBe(1);
    expect((await delivery(lookAlike.deliveryId)).status).toBe('needs_review');
    expect((await delivery(lostSid.deliveryId)).status).toBe('needs_review');
    expect((await delivery(earlier.deliveryId)).status).toBe('queued');
  });

  it('follows the list\'s pages to the message, and waits when there are more pages than it reads', async () => {
    const attemptedAt = new Date(Date.now() - 2 * 3_600_000);
    const r = await smsInReview({ attemptedAt });
    twilio.record({ to: r.to, body: r.body, status: 'sent', dateCreated: new Date(attemptedAt.getTime() + 2000) });
    for (let i = 0; i < 150; i++) twilio.record({ to: r.to, body: `Later news ${i}`, dateCreated: new Date(attemptedAt.getTime() + 3_600_000 + i * 1000) });
    const asked = twilio.lookups.length;
    expect(await settleSmsReviews(t.db, new Date())).toBe(1);
    expect((await delivery(r.deliveryId)).status).toBe('sent');
    expect(twilio.lookups.length - asked).toBe(2);

    const crowded = await smsInReview({ attemptedAt });
    for (let i = 0; i < 510; i++) twilio.record({ to: crowded.to, body: `Later news ${i}`, dateCreated: new Date(attemptedAt.getTime() + 3_600_000 + i * 1000) });
    expect(await settleSmsReviews(t.db, new Date())).toBe(0);
    expect((await delivery(crowded.deliveryId)).status).toBe('needs_review');
  });

  it('leaves everything for the next call while Twilio answers 5xx', async () => {
    const r = await smsInReview();
    twilio.record({ to: r.to, body: r.body, status: 'sent' });
    twilio.failLookups(1, 503);
    expect(await settleSmsReviews(t.db, new Date())).toBe(0);
    expect((await delivery(r.deliveryId)).status).toBe('needs_review');
    expect(await settleSmsReviews(t.db, new Date())).toBe(1);
    expect((await delivery(r.deliveryId)).status).toBe('sent');
  });

  it('leaves everything while Twilio cannot be reached', async () => {
    const r = await smsInReview({ attemptedAt: new Date(Date.now() - UNKNOWN_AFTER_MS - 60_000) });
    process.env.TWILIO_BASE_URL = 'http://127.0.0.1:9';
    expect(await settleSmsReviews(t.db, new Date())).toBe(0);
    expect((await delivery(r.deliveryId)).status).toBe('needs_review');
  });

  it('changes nothing a merchant resolved meanwhile, and does nothing without Twilio configured', async () => {
    const r = await smsInReview();
    twilio.record({ to: r.to, body: r.body, status: 'delivered' });
    for (const key of ENV) delete process.env[key];
    const asked = twilio.lookups.length;
    expect(await settleSmsReviews(t.db, new Date())).toBe(0);
    expect(twilio.lookups.length).toBe(asked);
    Object.assign(process.env, { TWILIO_ACCOUNT_SID: twilio.accountSid, TWILIO_AUTH_TOKEN: twilio.authToken, TWILIO_FROM: FROM, TWILIO_BASE_URL: twilio.baseUrl });
    const [{ merchantId }] = await t.db.select({ merchantId: deliveries.merchantId }).from(deliveries).where(eq(deliveries.id, r.deliveryId));
    const [owner] = await t.db.execute<{ id: number }>(sql`select id from users where merchant_id = ${merchantId} limit 1`);
    const ctx = { db: t.db, merchantId, userId: Number(owner.id), locale: 'en-US' as const, permissions: [], now: () => new Date() };
    expect(await resolveReview(ctx, { deliveryId: r.deliveryId, verdict: 'sent' })).toEqual({ status: 'sent' });
    expect(await settleSmsReviews(t.db, new Date())).toBe(0);
    expect((await campaignRow(t.db, r.campaignId)).successRecords).toBe(1);
    expect(await events(r.deliveryId)).toEqual([`sent:marked as sent by user ${owner.id}`]);
  });

  it('through the dispatcher: an answer lost after Twilio accepted is confirmed; a request Twilio never got is sent again once', async () => {
    process.env.TWILIO_TIMEOUT_MS = '500';
    try {
      const accepted = await createSendingScene(t.db, { channel: 'sms', members: [{ firstName: 'Ada', phone: '+15551239001' }] });
      twilio.hangNext(1);
      await dispatchOnce(t.db, { startDueScheduledCampaigns, transports: transportsFromEnv(), baseUrl: 'https://app.test' });
      const [hung] = await t.db.select().from(deliveries).where(eq(deliveries.campaignId, accepted.campaignId));
      expect([hung.status, hung.providerMessageId]).toEqual(['needs_review', null]);
      expect(await settleSmsReviews(t.db, new Date())).toBe(1);
      const sid = twilio.messages.find((m) => m.to === '+15551239001')?.sid;
      expect(await delivery(hung.id)).toMatchObject({ status: 'sent', providerMessageId: sid });

      const lost = await createSendingScene(t.db, { channel: 'sms', members: [{ firstName: 'Bo', phone: '+15551239002' }] });
      twilio.loseNext(1);
      await dispatchOnce(t.db, { startDueScheduledCampaigns, transports: transportsFromEnv(), baseUrl: 'https://app.test' });
      const [dropped] = await t.db.select().from(deliveries).where(eq(deliveries.campaignId, lost.campaignId));
      expect(dropped.status).toBe('needs_review');
      expect(await settleSmsReviews(t.db, new Date())).toBe(0);
      // Ten minutes on (the attempt moved back, so that the requeued row is due for the dispatcher now).
      await t.db.update(deliveries).set({ attemptedAt: new Date(Date.now() - UNKNOWN_AFTER_MS - 1000) }).where(eq(deliveries.id, dropped.id));
      expect(await settleSmsReviews(t.db, new Date())).toBe(1);
      await dispatchOnce(t.db, { startDueScheduledCampaigns, transports: transportsFromEnv(), baseUrl: 'https://app.test' });
      expect((await delivery(dropped.id)).status).toBe('sent');
      expect(twilio.messages.filter((m) => m.to === '+15551239002').length).toBe(1);
    } finally {
      delete process.env.TWILIO_TIMEOUT_MS;
    }
  });
});
