import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { CampaignStatus, campaigns } from '@/db/schema/campaigns';
import { deliveries } from '@/db/schema/sending';
import { contacts } from '@/db/schema/contacts';
import { GET as summary } from '@/app/api/sending/campaign/[id]/summary/route';
import { POST as review } from '@/app/api/sending/review/route';
import { dispatchOnce } from '@/lib/sending/dispatcher';
import { transportsFromEnv } from '@/lib/sending/transports';
import { campaignReviews, markAllReviewsSent, resolveReview, reviewCounts, reviewReason } from '@/lib/sending/review';
import { seedDemoReviews } from '@/lib/seed/review-demo';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createMerchant } from '@/tests/fixtures/factories';
import { callApi } from '@/tests/fixtures/api';
import { campaignRow, createSendingScene, deliveryStatuses } from '@/tests/fixtures/sending';
import { startDueScheduledCampaigns } from '@/lib/campaigns/start-scheduled';

const t = setupTestDatabase();

describe('campaign delivery summary', () => {
  it('shows per-status counts, skip reasons and the problems with reasons', async () => {
    const scene = await createSendingScene(t.db, { members: [{}, {}, { emailOptIn: false }, { email: null }] });
    await t.db
      .update(deliveries)
      .set({ status: 'needs_review', error: 'dispatcher stopped while sending' })
      .where(and(eq(deliveries.campaignId, scene.campaignId), eq(deliveries.contactId, scene.contactIds[0])));
    await dispatchOnce(t.db, { startDueScheduledCampaigns, transports: transportsFromEnv(), baseUrl: 'https://app.test' });
    const res = await callApi(summary, { path: `/sending/campaign/${scene.campaignId}/summary`, token: scene.merchant.token, params: { id: String(scene.campaignId) } });
    expect(res.status).toBe(200);
    const data = res.body.data as { counts: Record<string, number>; total: number; skipReasons: Record<string, number>; problems: { status: string; reason: string }[] };
    expect(data.counts).toMatchObject({ sent: 1, skipped: 2, needs_review: 1, queued: 0 });
    expect(data.total).toBe(4);
    expect(data.skipReasons).toEqual({ opted_out: 1, no_address: 1 });
    const problems = data.problems.map((p) => `${p.status}:${p.reason}`);
    // Review first (a person must act), then failures, then skips.
    expect(problems[0]).toBe('needs_review:dispatcher stopped while sending');
    expect(problems.slice(1).sort()).toEqual(['skipped:no_address', 'skipped:opted_out']);
  });

  it('resolves a delivery in review as sent (counted) or queues it again', async () => {
    const scene = await createSendingScene(t.db, { count: 2 });
    const rows = await t.db.select().from(deliveries).where(eq(deliveries.campaignId, scene.campaignId)).orderBy(deliveries.id);
    await t.db.update(deliveries).set({ status: 'needs_review' }).where(eq(deliveries.campaignId, scene.campaignId));
    const sent = await callApi(review, { method: 'POST', path: '/sending/review', token: scene.merchant.token, body: { deliveryId: rows[0].id, verdict: 'sent' } });
    expect(sent.body.data).toEqual({ status: 'sent' });
    expect((await campaignRow(t.db, scene.campaignId)).successRecords).toBe(1);
    const again = await callApi(review, { method: 'POST', path: '/sending/review', token: scene.merchant.token, body: { deliveryId: rows[1].id, verdict: 'resend' } });
    expect(again.body.data).toEqual({ status: 'queued' });
    const twice = await callApi(review, { method: 'POST', path: '/sending/review', token: scene.merchant.token, body: { deliveryId: rows[1].id, verdict: 'sent' } });
    expect(twice.status).toBe(400);
  });

  it('answers 404 for another merchant campaign or delivery', async () => {
    const scene = await createSendingScene(t.db, { count: 1 });
    const other = await createMerchant(t.db);
    expect((await callApi(summary, { path: '/x', token: other.token, params: { id: String(scene.campaignId) } })).status).toBe(404);
    const [row] = await t.db.select().from(deliveries).where(eq(deliveries.campaignId, scene.campaignId));
    await t.db.update(deliveries).set({ status: 'needs_review' }).where(eq(deliveries.id, row.id));
    expect((await callApi(review, { method: 'POST', path: '/sending/review', token: other.token, body: { deliveryId: row.id, verdict: 'sent' } })).status).toBe(404);
    expect((await t.db.select().from(contacts).where(eq(contacts.id, row.contactId))).length).toBe(1);
  });
});

/** Puts a scene's deliveries in review as a dispatcher leaves them: handed over at `at`. */
async function toReview(campaignId: number, at = new Date(Date.now() - 60_000), error = 'dispatcher stopped while sending') {
  await t.db.update(deliveries).set({ status: 'needs_review', error, attemptedAt: at, attempts: 1 }).where(eq(deliveries.campaignId, campaignId));
  return t.db.select().from(deliveries).where(eq(deliveries.campaignId, campaignId)).orderBy(deliveries.id);
}

async function eventsOf(deliveryId: number): Promise<string[]> {
  const rows = await t.db.execute<{ type: string; detail: string | null }>(sql`select type, detail from delivery_events where delivery_id = ${deliveryId} order by id`);
  return rows.map((r) => `${r.type}:${r.detail ?? ''}`);
}

describe('the review of deliveries nobody can confirm', () => {
  it('counts "to check" per campaign of a page in one query, for the caller\'s merchant only', async () => {
    const a = await createSendingScene(t.db, { count: 3 });
    const b = await createSendingScene(t.db, { count: 2, merchant: a.merchant });
    const other = await createSendingScene(t.db, { count: 2 });
    await toReview(a.campaignId);
    await toReview(other.campaignId);
    expect(await reviewCounts(a.merchant.ctx, [a.campaignId, b.campaignId, other.campaignId])).toEqual({ [a.campaignId]: 3 });
    expect(await reviewCounts(a.merchant.ctx, [])).toEqual({});
  });

  it('lists a campaign\'s deliveries in review, oldest first, with name, address, channel, time and reason', async () => {
    const scene = await createSendingScene(t.db, { members: [{ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' }, { firstName: 'Bo', lastName: 'Chen', email: 'bo@example.com' }] });
    const at = new Date('2026-03-01T10:00:00Z');
    const rows = await toReview(scene.campaignId, at);
    await t.db.update(deliveries).set({ error: 'twilio gave no answer: TimeoutError' }).where(eq(deliveries.id, rows[1].id));
    const list = await campaignReviews(scene.merchant.ctx, scene.campaignId);
    const person = (contactId: number) => (contactId === scene.contactIds[0] ? { name: 'Ada Lovelace', address: 'ada@example.com' } : { name: 'Bo Chen', address: 'bo@example.com' });
    expect(list).toEqual({
      campaignId: scene.campaignId,
      campaignName: 'Spring review drive',
      total: 2,
      canResend: true,
      items: [
        { deliveryId: rows[0].id, contactId: rows[0].contactId, ...person(rows[0].contactId), channel: 'email', at: at.toISOString(), reason: 'stopped', detail: 'dispatcher stopped while sending' },
        { deliveryId: rows[1].id, contactId: rows[1].contactId, ...person(rows[1].contactId), channel: 'email', at: at.toISOString(), reason: 'noAnswer', detail: 'twilio gave no answer: TimeoutError' },
      ],
    });
    const other = await createMerchant(t.db);
    await expect(campaignReviews(other.ctx, scene.campaignId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('reads the engine\'s reasons loosely', () => {
    expect(['dispatcher stopped while sending', 'smtp delivery timed out after the message was sent', 'twilio gave no answer: AbortError', 'something new', null].map(reviewReason)).toEqual(['stopped', 'noAnswer', 'noAnswer', 'other', 'other']);
  });

  it('"send again" on a completed campaign queues the row and sends again; marking sent counts it once, with events', async () => {
    const scene = await createSendingScene(t.db, { count: 2 });
    const rows = await toReview(scene.campaignId);
    await t.db.update(campaigns).set({ status: CampaignStatus.COMPLETED }).where(eq(campaigns.id, scene.campaignId));
    const ctx = scene.merchant.ctx;
    expect(await resolveReview(ctx, { deliveryId: rows[0].id, verdict: 'sent' })).toEqual({ status: 'sent' });
    expect(await resolveReview(ctx, { deliveryId: rows[1].id, verdict: 'resend' })).toEqual({ status: 'queued' });
    const after = await campaignRow(t.db, scene.campaignId);
    expect([after.status, after.successRecords]).toEqual([CampaignStatus.SENDING, 1]);
    expect(await eventsOf(rows[0].id)).toEqual([`sent:marked as sent by user ${ctx.userId}`]);
    expect(await eventsOf(rows[1].id)).toEqual([`retry:sent again at the request of user ${ctx.userId}`]);
    const [sent] = await t.db.select().from(deliveries).where(eq(deliveries.id, rows[0].id));
    expect(sent.sentAt?.toISOString()).toBe(rows[0].attemptedAt?.toISOString());
    // The dispatcher sends the queued one; the campaign completes again with both counted.
    await dispatchOnce(t.db, { startDueScheduledCampaigns, transports: transportsFromEnv(), baseUrl: 'https://app.test' });
    expect(await deliveryStatuses(t.db, scene.campaignId)).toEqual({ sent: 2 });
    expect((await campaignRow(t.db, scene.campaignId)).successRecords).toBe(2);
    // A second verdict on the same row is refused.
    await expect(resolveReview(ctx, { deliveryId: rows[0].id, verdict: 'resend' })).rejects.toMatchObject({ code: 'BAD_REQUEST', messageKey: 'sending.errors.notInReview' });
  });

  it('refuses "send again" for a stopped campaign, which can still mark as sent', async () => {
    const scene = await createSendingScene(t.db, { count: 1 });
    const [row] = await toReview(scene.campaignId);
    await t.db.update(campaigns).set({ status: CampaignStatus.STOPPED }).where(eq(campaigns.id, scene.campaignId));
    expect((await campaignReviews(scene.merchant.ctx, scene.campaignId)).canResend).toBe(false);
    await expect(resolveReview(scene.merchant.ctx, { deliveryId: row.id, verdict: 'resend' })).rejects.toMatchObject({ code: 'BAD_REQUEST', messageKey: 'sending.errors.campaignStopped' });
    expect(await deliveryStatuses(t.db, scene.campaignId)).toEqual({ needs_review: 1 });
    expect(await resolveReview(scene.merchant.ctx, { deliveryId: row.id, verdict: 'sent' })).toEqual({ status: 'sent' });
  });

  it('marks all of a campaign\'s reviews as sent at once, and nothing of another merchant', async () => {
    const scene = await createSendingScene(t.db, { count: 3 });
    await toReview(scene.campaignId);
    const other = await createMerchant(t.db);
    await expect(markAllReviewsSent(other.ctx, scene.campaignId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await markAllReviewsSent(scene.merchant.ctx, scene.campaignId)).toEqual({ marked: 3 });
    expect(await deliveryStatuses(t.db, scene.campaignId)).toEqual({ sent: 3 });
    expect((await campaignRow(t.db, scene.campaignId)).successRecords).toBe(3);
    expect(await markAllReviewsSent(scene.merchant.ctx, scene.campaignId)).toEqual({ marked: 0 });
    expect((await campaignReviews(scene.merchant.ctx, scene.campaignId)).items).toEqual([]);
  });

  it('the demo seed leaves two sent e-mails of a campaign to check, off its delivered count', async () => {
    const scene = await createSendingScene(t.db, { count: 4 });
    const sentAt = new Date('2026-02-01T02:00:00Z');
    await t.db.update(deliveries).set({ status: 'sent', sentAt }).where(eq(deliveries.campaignId, scene.campaignId));
    await t.db.update(campaigns).set({ status: CampaignStatus.COMPLETED, totalRecords: 4, successRecords: 4 }).where(eq(campaigns.id, scene.campaignId));
    await seedDemoReviews(t.db, scene.merchant.merchantId, scene.campaignId);
    const list = await campaignReviews(scene.merchant.ctx, scene.campaignId);
    expect(list.items.map((i) => [i.reason, i.at])).toEqual([
      ['stopped', sentAt.toISOString()],
      ['noAnswer', sentAt.toISOString()],
    ]);
    expect((await campaignRow(t.db, scene.campaignId)).successRecords).toBe(2);
    expect(await reviewCounts(scene.merchant.ctx, [scene.campaignId])).toEqual({ [scene.campaignId]: 2 });
  });
});
