import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { deliveries } from '@/db/schema/campaigns';
import { contacts } from '@/db/schema/contacts';
import { GET as summary } from '@/app/api/sending/campaign/[id]/summary/route';
import { POST as review } from '@/app/api/sending/review/route';
import { dispatchOnce } from '@/lib/sending/dispatcher';
import { transportsFromEnv } from '@/lib/sending/transports';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createMerchant } from '@/tests/fixtures/factories';
import { callApi } from '@/tests/fixtures/api';
import { campaignRow, createSendingScene } from '@/tests/fixtures/sending';

const t = setupTestDatabase();

describe('campaign delivery summary', () => {
  it('shows per-status counts, skip reasons and the problems with reasons', async () => {
    const scene = await createSendingScene(t.db, { members: [{}, {}, { emailOptIn: false }, { email: null }] });
    await t.db
      .update(deliveries)
      .set({ status: 'needs_review', error: 'dispatcher stopped while sending' })
      .where(and(eq(deliveries.campaignId, scene.campaignId), eq(deliveries.contactId, scene.contactIds[0])));
    await dispatchOnce(t.db, { transports: transportsFromEnv(), baseUrl: 'https://app.test' });
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
