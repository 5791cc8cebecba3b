import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type Db } from '@/db/client';
import { deliveries } from '@/db/schema/sending';
import { claimDueDeliveries, recoverStaleClaims, staleClaimsOf, type ClaimedDelivery } from '@/lib/sending/claim';
import { commitAttemptsAndSent, markAttempt, type AttemptItem } from '@/lib/sending/attempts-and-sent';
import { recordFailed, recordNeedsReview, recordRetry, recordSkipped, releaseClaim, releaseUnsent } from '@/lib/sending/record-outcome';
import { contentHash, storedContent } from '@/lib/sending/sent-content';
import { dispatchOnce } from '@/lib/sending/dispatcher';
import { smtpTransport, resetSmtpTransports } from '@/lib/messaging/smtp-transport';
import { outboxSmsTransport } from '@/lib/messaging/outbox-transport';
import { createRateLimiter } from '@/lib/sending/rate-limiter';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { startSmtpSink, type SmtpSink } from '@/tests/fixtures/smtp-sink';
import { campaignRow, createSendingScene, deliveryStatuses } from '@/tests/fixtures/sending';
import { startDueScheduledCampaigns } from '@/lib/campaigns/start-scheduled';

/**
 * Issue 19 point 1: claims are fenced by a token, and every write of a send is an UPDATE that
 * requires the row's id, token and status on the row itself. The first test replays, with two
 * real sessions, the interleaving that used to send twice: recovery re-queues a claimed row while
 * the old worker's attempt marker waits on the row's lock.
 */
const t = setupTestDatabase();
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtpSink({ parse: false });
});
afterAll(async () => {
  resetSmtpTransports();
  await smtp.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const attemptOf = (c: ClaimedDelivery, text = 'hello'): AttemptItem => ({
  deliveryId: c.id,
  claimToken: c.claimToken,
  content: storedContent(c.merchantId, { subject: 'Hi', text, html: `<p>${text}</p>` }),
  templateVersion: 3,
});
async function claimOf(campaignId: number): Promise<ClaimedDelivery[]> {
  return (await claimDueDeliveries(t.db, new Date(), 1000)).filter((c) => c.campaignId === campaignId);
}
const transports = () => ({
  email: smtpTransport(smtp.url),
  sms: outboxSmsTransport,
  emailLimiter: createRateLimiter(0),
  smsLimiter: createRateLimiter(0),
  from: (name: string) => `"${name}" <campaigns@starloop.test>`,
});

describe.runIf(process.env.DATABASE_URL)('two sessions: recovery re-queues a row while the old marker waits on its lock', () => {
  let recovery: Awaited<ReturnType<typeof openDatabase>>;
  beforeAll(async () => {
    recovery = await openDatabase({ url: t.url });
  });
  afterAll(async () => {
    await recovery.close();
  });

  it('refuses the old worker after the lock wait, and the next claim sends once', async () => {
    const scene = await createSendingScene(t.db, { count: 1 });
    const [claim] = await claimOf(scene.campaignId);
    expect(claim.claimToken).toMatch(/^[0-9a-f-]{36}$/);
    let commitRecovery!: () => void;
    const mayCommit = new Promise<void>((resolve) => (commitRecovery = resolve));
    let recovered!: (n: { review: number; requeued: number }) => void;
    const didRecover = new Promise<{ review: number; requeued: number }>((resolve) => (recovered = resolve));
    // Recovery, in an open transaction: the row is re-queued and stays locked (FOR UPDATE) until commit.
    const recoveryDone = recovery.db.transaction(async (tx: unknown) => {
      recovered(await recoverStaleClaims(tx as Db, new Date(Date.now() + 60_000), 1_000));
      await mayCommit;
    });
    expect(await didRecover).toEqual({ review: 0, requeued: 1 });
    // The old worker's marker starts and must wait for the row's lock.
    const marker = markAttempt(t.db, attemptOf(claim), new Date());
    let waiting = 0;
    for (let i = 0; i < 200 && !waiting; i++) {
      const [row] = await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock' and wait_event = 'transactionid' and query like '%claim_token = a.token%'`,
      );
      waiting = Number(row.n);
      if (!waiting) await sleep(10);
    }
    expect(waiting).toBe(1);
    commitRecovery();
    await recoveryDone;
    // Re-evaluated on the row's new version (queued, token cleared): not ours.
    expect(await marker).toBe(false);
    const [row] = await t.db.select().from(deliveries).where(eq(deliveries.id, claim.id));
    expect([row.status, row.claimToken, row.attemptedAt, row.contentHash]).toEqual(['queued', null, null, null]);
    // The row's next claim sends it, once.
    const before = smtp.countsByDelivery().get(claim.id) ?? 0;
    await dispatchOnce(t.db, { startDueScheduledCampaigns, transports: transports(), baseUrl: 'https://app.starloop.test', staleAfterMs: 60_000 });
    expect([before, smtp.countsByDelivery().get(claim.id)]).toEqual([0, 1]);
    expect(await deliveryStatuses(t.db, scene.campaignId)).toEqual({ sent: 1 });
    expect((await campaignRow(t.db, scene.campaignId)).successRecords).toBe(1);
  });
});

describe('fenced writes', () => {
  it('leaves a row alone when the writer has lost its claim: marker, sent record and every outcome', async () => {
    const scene = await createSendingScene(t.db, { count: 2 });
    const [a, b] = await claimOf(scene.campaignId);
    await recoverStaleClaims(t.db, new Date(Date.now() + 60_000), 1_000);
    // Both rows were queued again and are claimed anew (new tokens).
    const [again, againB] = (await claimDueDeliveries(t.db, new Date(), 1000)).filter((c) => c.id === a.id || c.id === b.id).sort((x, y) => x.id - y.id);
    expect([again.id, againB.id]).toEqual([a.id, b.id]);
    expect([again.claimToken === a.claimToken, againB.claimToken === b.claimToken]).toEqual([false, false]);
    const now = new Date();
    for (const lost of [a, b]) {
      const old = { deliveryId: lost.id, claimToken: lost.claimToken };
      expect(await markAttempt(t.db, attemptOf(lost), now)).toBe(false);
      await commitAttemptsAndSent(t.db, [], [{ ...old, providerMessageId: 'x', at: now }], now);
      await recordSkipped(t.db, old, 'opted_out', now);
      await recordFailed(t.db, old, 'boom', now);
      await recordRetry(t.db, old, 'later', new Date(now.getTime() + 60_000), now);
      await releaseClaim(t.db, old, now);
      await releaseUnsent(t.db, old, 'down', now);
      await recordNeedsReview(t.db, old, 'unsure', now);
    }
    const rows = await t.db.select().from(deliveries).where(eq(deliveries.campaignId, scene.campaignId)).orderBy(deliveries.id);
    expect(rows.map((r) => [r.status, r.claimToken, r.attemptedAt, r.error])).toEqual([
      ['sending', again.claimToken, null, null],
      ['sending', againB.claimToken, null, null],
    ]);
    // The current claim's own marker is ours.
    expect(await markAttempt(t.db, attemptOf(again), now)).toBe(true);
  });

  it('stores what is sent with the marker, and settles a row recovery put up for review under the same token as sent', async () => {
    const scene = await createSendingScene(t.db, { count: 2 });
    const [a, b] = await claimOf(scene.campaignId);
    const now = new Date();
    // Two identical renders share one stored copy.
    expect(await commitAttemptsAndSent(t.db, [attemptOf(a, 'same'), attemptOf(b, 'same')], [], now)).toEqual(
      new Map([
        [a.id, 'ours'],
        [b.id, 'ours'],
      ]),
    );
    const hash = contentHash(scene.merchant.merchantId, { subject: 'Hi', text: 'same', html: '<p>same</p>' });
    const stored = await t.db.execute<{ hash: string; merchant_id: number; subject: string; text: string; html: string }>(sql`select hash, merchant_id, subject, text, html from message_contents where hash = ${hash}`);
    expect(stored.map((r) => [r.hash, Number(r.merchant_id), r.subject, r.text, r.html])).toEqual([[hash, scene.merchant.merchantId, 'Hi', 'same', '<p>same</p>']]);
    const marked = await t.db.select().from(deliveries).where(eq(deliveries.campaignId, scene.campaignId)).orderBy(deliveries.id);
    expect(marked.map((r) => [r.contentHash, r.templateVersion])).toEqual([
      [hash, 3],
      [hash, 3],
    ]);
    // The worker was slow: recovery puts both up for review (they had markers).
    await recoverStaleClaims(t.db, new Date(Date.now() + 60_000), 1_000);
    expect(await deliveryStatuses(t.db, scene.campaignId)).toEqual({ needs_review: 2 });
    // The worker then got the server's 250 for the first: its record settles it as sent. A record
    // with another token settles nothing.
    await commitAttemptsAndSent(
      t.db,
      [],
      [
        { deliveryId: a.id, claimToken: a.claimToken, providerMessageId: '<a@x>', at: now },
        { deliveryId: b.id, claimToken: a.claimToken, providerMessageId: '<b@x>', at: now },
      ],
      now,
    );
    expect(await deliveryStatuses(t.db, scene.campaignId)).toEqual({ sent: 1, needs_review: 1 });
    const [sentRow] = await t.db.select().from(deliveries).where(eq(deliveries.id, a.id));
    expect([sentRow.providerMessageId, sentRow.claimToken, sentRow.contentHash]).toEqual(['<a@x>', null, hash]);
    expect((await campaignRow(t.db, scene.campaignId)).successRecords).toBe(1);
  });

  it('hashes content by merchant with length-prefixed parts', () => {
    const one = contentHash(1, { subject: 'ab', text: 'c', html: null });
    expect(one).toMatch(/^[0-9a-f]{64}$/);
    expect(contentHash(1, { subject: 'a', text: 'bc', html: null })).not.toBe(one);
    expect(contentHash(1, { subject: 'ab', text: 'c', html: '' })).not.toBe(one);
    expect(contentHash(2, { subject: 'ab', text: 'c', html: null })).not.toBe(one);
    expect(contentHash(1, { subject: 'ab', text: 'c', html: null })).toBe(one);
  });
});

describe('merchants in turn', () => {
  it("claims a small merchant's rows in the first batch beside a big merchant's backlog", async () => {
    // Leave nothing else due.
    await t.db.execute(sql`update deliveries set status = 'cancelled' where status in ('queued', 'sending')`);
    const big = await createSendingScene(t.db, { count: 400, queuedAt: new Date(Date.now() - 60_000) });
    const small = await createSendingScene(t.db, { count: 10 });
    const claimed = await claimDueDeliveries(t.db, new Date(), 100);
    const byCampaign = (id: number) => claimed.filter((c) => c.campaignId === id).length;
    expect([byCampaign(small.campaignId), byCampaign(big.campaignId)]).toEqual([10, 50]);
    // The next claim takes the big merchant's share again.
    const next = await claimDueDeliveries(t.db, new Date(), 100);
    expect(next.every((c) => c.campaignId === big.campaignId)).toBe(true);
    expect(next).toHaveLength(100);
    // Only the channels asked for.
    expect(await claimDueDeliveries(t.db, new Date(), 100, { channels: [1] })).toEqual([]);
  });
});

describe('stale-claim recovery at scale', () => {
  // It runs every dispatch round: it must read the rows in flight from their own index, not walk
  // the deliveries table or a whole index of it (47 ms a round at 1,000,000 deliveries before 0031).
  it('finds stale claims through deliveries_sending_idx', async () => {
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute<Record<string, string>>(sql`explain select d.id from ${deliveries} d where ${staleClaimsOf(new Date(), 60_000)}`);
    });
    expect(plan.map((r) => Object.values(r)[0]).join('\n')).toContain('deliveries_sending_idx');
  });

  // The attempt marker (one per message) writes only unindexed columns, so its update can be HOT:
  // no new entry in any of the table's indexes. An index naming one of them, even in a partial
  // index's WHERE, would cost an entry in every index per message.
  it('indexes none of the columns the attempt marker writes', async () => {
    const indexes = await t.db.execute<{ indexdef: string }>(sql`select indexdef from pg_indexes where tablename = 'deliveries'`);
    expect(indexes.length).toBeGreaterThan(3);
    const marked = ['attempted_at', 'updated_at', 'content_hash', 'template_version'];
    expect(indexes.map((i) => i.indexdef).filter((def) => marked.some((column) => def.includes(column)))).toEqual([]);
  });
});
