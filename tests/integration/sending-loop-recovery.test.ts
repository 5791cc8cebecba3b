import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { outboxSmsTransport } from '@/lib/messaging/outbox-transport';
import { resetSmtpTransports, smtpTransport } from '@/lib/messaging/smtp-transport';
import { startDispatchLoop, type DispatchLoop } from '@/lib/sending/loop';
import { createRateLimiter } from '@/lib/sending/rate-limiter';
import { createSendingScene } from '@/tests/fixtures/sending';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { startDueScheduledCampaigns } from '@/lib/campaigns/start-scheduled';

/**
 * Issue 19, point 3: rows a dead worker left `sending` are recovered by the loop's own timer, even
 * while this process's round is stuck on a slow SMTP server (one that takes the message and never
 * answers the final dot), instead of waiting for the round to end.
 */
const t = setupTestDatabase();
const STALE_MS = 2_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Pending answers of the slow server; answered (refused) at the end so the stuck round can finish. */
const stalled: ((error?: Error) => void)[] = [];
let server: SMTPServer;
let url: string;
let loop: DispatchLoop | undefined;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => stalled.push(callback));
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const answer of stalled) answer(Object.assign(new Error('closing'), { responseCode: 451 }));
  await loop?.stop();
  resetSmtpTransports();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('the dispatch loop while its round is stuck', () => {
  it('recovers the rows a dead worker left sending, without waiting for the round', async () => {
    const scene = await createSendingScene(t.db, { count: 6 });
    let rounds = 0;
    loop = startDispatchLoop(t.db, {
      startDueScheduledCampaigns,
      transports: { email: smtpTransport(url), sms: outboxSmsTransport, emailLimiter: createRateLimiter(0), smsLimiter: createRateLimiter(0), from: () => '"Shop" <no-reply@starloop.local>' },
      batchSize: 1,
      concurrency: 1,
      intervalMs: 100,
      staleAfterMs: STALE_MS,
      onRound: () => rounds++,
    });
    const deadline = Date.now() + 15_000;
    while (!stalled.length) {
      if (Date.now() > deadline) throw new Error('the slow server got no message');
      await sleep(10);
    }
    // A dead worker's rows: two still queued are marked as it would have left them, an hour ago;
    // one of them was handed to its transport (attempt marker set), the other not yet.
    const dead = await t.db.execute<{ id: number }>(
      sql`update deliveries set status = 'sending', updated_at = now() - interval '1 hour',
            attempted_at = case when id = (select min(id) from deliveries where campaign_id = ${scene.campaignId} and status = 'queued') then now() - interval '1 hour' end
          where id in (select id from deliveries where campaign_id = ${scene.campaignId} and status = 'queued' order by id limit 2)
          returning id`,
    );
    expect(dead.length).toBe(2);
    const [handedOver, notYet] = dead.map((r) => Number(r.id)).sort((a, b) => a - b);
    const marked = performance.now();
    const statusOf = async (id: number) => (await t.db.execute<{ status: string }>(sql`select status from deliveries where id = ${id}`))[0].status;
    while ((await statusOf(handedOver)) === 'sending' || (await statusOf(notYet)) === 'sending') {
      if (performance.now() - marked > 10_000) throw new Error('the dead worker’s rows were not recovered');
      await sleep(20);
    }
    const ms = performance.now() - marked;
    console.log(`recovered a dead worker's rows ${Math.round(ms)} ms after they were left, the round stuck meanwhile`);
    expect([await statusOf(handedOver), await statusOf(notYet)]).toEqual(['needs_review', 'queued']);
    // Every max(1 s, stale window / 4), not at the end of the round: the round is still stuck.
    expect(ms).toBeLessThan(Math.max(1_000, STALE_MS / 4) + 1_500);
    expect(rounds).toBe(0);
    expect(stalled.length).toBe(1);
  }, 60_000);
});
