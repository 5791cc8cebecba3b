import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { deliveries } from '@/db/schema/sending';
import { dispatchOnce } from '@/lib/sending/dispatcher';
import { outboxEmailTransport, outboxSmsTransport } from '@/lib/messaging/outbox-transport';
import { createRateLimiter } from '@/lib/sending/rate-limiter';
import type { SendingTransports } from '@/lib/sending/transports';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createSendingScene, deliveryStatuses } from '@/tests/fixtures/sending';
import { startDueScheduledCampaigns } from '@/lib/campaigns/start-scheduled';

/**
 * The dispatcher on fixed clocks: a delivery window crossing midnight, and quiet hours and a
 * window across the autumn DST change in Europe/London (2026-10-25, 02:00 BST -> 01:00 GMT).
 */
const t = setupTestDatabase();
const transports: SendingTransports = { email: outboxEmailTransport, sms: outboxSmsTransport, emailLimiter: createRateLimiter(0), smsLimiter: createRateLimiter(0), from: () => 'StarLoop <c@starloop.test>' };
const early = new Date('2026-01-01T00:00:00Z');
// One tick as long as the window: a batch campaign may release all its rows in one round.
const base = { startDueScheduledCampaigns, transports, baseUrl: 'https://app.starloop.test', staleAfterMs: 60_000, tickMs: 8 * 3600_000 };
const at = (iso: string) => () => new Date(iso);
const nextAttempts = async (campaignId: number) =>
  (await t.db.select({ next: deliveries.nextAttemptAt, status: deliveries.status }).from(deliveries).where(eq(deliveries.campaignId, campaignId))).filter((r) => r.status === 'queued').map((r) => r.next.toISOString());

describe('a delivery window crossing midnight (22:00-06:00, America/New_York)', () => {
  const night = { isBatchSend: 1, deliveryWindow: '22:00-06:00' };

  it('sends before and after midnight inside the window', async () => {
    const evening = await createSendingScene(t.db, { count: 2, campaign: night, queuedAt: early });
    // 23:30 EDT on 07-01 = 03:30Z on 07-02.
    await dispatchOnce(t.db, { ...base, now: at('2026-07-02T03:30:00Z') });
    expect(await deliveryStatuses(t.db, evening.campaignId)).toEqual({ sent: 2 });
    const small = await createSendingScene(t.db, { count: 2, campaign: night, queuedAt: early });
    // 05:59 EDT, the window's last minute.
    await dispatchOnce(t.db, { ...base, now: at('2026-07-02T09:59:00Z') });
    expect(await deliveryStatuses(t.db, small.campaignId)).toEqual({ sent: 2 });
  });

  it('waits from the morning until the window opens at 22:00 the same evening', async () => {
    const scene = await createSendingScene(t.db, { count: 2, campaign: night, queuedAt: early });
    // 06:00 EDT: the window has just closed.
    expect((await dispatchOnce(t.db, { ...base, now: at('2026-07-02T10:00:00Z') })).claimed).toBe(0);
    expect(await nextAttempts(scene.campaignId)).toEqual(Array(2).fill('2026-07-03T02:00:00.000Z'));
    // 21:59 EDT: still closed; 22:00 EDT: open.
    expect((await dispatchOnce(t.db, { ...base, now: at('2026-07-03T01:59:00Z') })).claimed).toBe(0);
    await dispatchOnce(t.db, { ...base, now: at('2026-07-03T02:00:00Z') });
    expect(await deliveryStatuses(t.db, scene.campaignId)).toEqual({ sent: 2 });
  });
});

describe('the autumn DST change in Europe/London', () => {
  const london = { timezone: 'Europe/London' };

  it('quiet hours 22:00-08:00 end at 08:00 GMT after the clocks go back, not 08:00 BST', async () => {
    const scene = await createSendingScene(t.db, { count: 1, campaign: { ...london, avoidHours: '22:00-08:00' }, queuedAt: early });
    // 23:30 BST on 10-24 = 22:30Z.
    expect((await dispatchOnce(t.db, { ...base, now: at('2026-10-24T22:30:00Z') })).claimed).toBe(0);
    expect(await nextAttempts(scene.campaignId)).toEqual(['2026-10-25T08:00:00.000Z']);
    expect((await dispatchOnce(t.db, { ...base, now: at('2026-10-25T07:30:00Z') })).claimed).toBe(0);
    await dispatchOnce(t.db, { ...base, now: at('2026-10-25T08:00:00Z') });
    expect(await deliveryStatuses(t.db, scene.campaignId)).toEqual({ sent: 1 });
  });

  it('a quiet hour 01:00-02:00 that happens twice lasts until the second 02:00 (02:00 GMT)', async () => {
    const scene = await createSendingScene(t.db, { count: 1, campaign: { ...london, avoidHours: '01:00-02:00' }, queuedAt: early });
    // 01:30 BST = 00:30Z; at 01:00Z the clocks go back to 01:00 GMT, quiet again until 02:00Z.
    expect((await dispatchOnce(t.db, { ...base, now: at('2026-10-25T00:30:00Z') })).claimed).toBe(0);
    expect(await nextAttempts(scene.campaignId)).toEqual(['2026-10-25T02:00:00.000Z']);
    expect((await dispatchOnce(t.db, { ...base, now: at('2026-10-25T01:30:00Z') })).claimed).toBe(0);
    await dispatchOnce(t.db, { ...base, now: at('2026-10-25T02:00:00Z') });
    expect(await deliveryStatuses(t.db, scene.campaignId)).toEqual({ sent: 1 });
  });

  it('a 09:00-17:00 window closed on Saturday evening BST opens at 09:00 GMT on Sunday', async () => {
    const scene = await createSendingScene(t.db, { count: 1, channel: 'sms', campaign: { ...london, isBatchSend: 1, deliveryWindow: '09:00-17:00' }, queuedAt: early });
    // 17:30 BST on 10-24 = 16:30Z.
    expect((await dispatchOnce(t.db, { ...base, now: at('2026-10-24T16:30:00Z') })).claimed).toBe(0);
    expect(await nextAttempts(scene.campaignId)).toEqual(['2026-10-25T09:00:00.000Z']);
    await dispatchOnce(t.db, { ...base, now: at('2026-10-25T09:00:00Z') });
    expect(await deliveryStatuses(t.db, scene.campaignId)).toEqual({ sent: 1 });
  });
});
