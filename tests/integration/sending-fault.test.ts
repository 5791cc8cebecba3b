import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import { deliveries } from '@/db/schema/sending';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { startSmtpSink, type SmtpSink } from '@/tests/fixtures/smtp-sink';
import { campaignRow, createSendingScene } from '@/tests/fixtures/sending';

/**
 * The fault test: three worker processes send two campaigns while a random one of them is killed
 * with SIGKILL every 0.15-0.5 s (and replaced at once), with a stale window of 1 s, so recovery
 * constantly takes back claims of dead (and of slow live) workers. The SMTP server counts what
 * arrived per delivery (the X-StarLoop-Delivery header): nobody may get a message twice, every
 * delivery must be sent exactly once or be up for review, and each kill may leave at most one
 * delivery for review per SMTP connection the worker had open (the end gate,
 * lib/sending/end-gate.ts). Twice: on loopback with 5 connections, and against a server that
 * answers each message 50 ms after its end (as hosted providers do) with 20. Separate worker
 * processes need PostgreSQL (PGlite is one process's database), so this runs in CI's PostgreSQL
 * pass; bench/sending-faults.ts runs the same at length.
 */
const t = setupTestDatabase();
const WORKERS = 3;
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtpSink({ parse: false });
});
afterAll(async () => {
  await smtp.close();
});

/**
 * The worker is this Node process itself, with tsx as a loader: tsx's own CLI would run it in a
 * child process, and a SIGKILL of the CLI leaves that child sending on, so no kill would
 * interrupt anything.
 */
function startWorker(server: SmtpSink, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'scripts/worker.ts'], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      DATABASE_URL: t.url,
      SMTP_URL: server.url,
      DISPATCH_INTERVAL_MS: '50',
      SENDING_STALE_SECONDS: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

interface Worker {
  child: ChildProcess;
  /** It has reported a round with messages sent: it is really sending, a kill interrupts it. */
  sending: boolean;
}

function startSender(server: SmtpSink, env: Record<string, string>): Worker {
  const worker: Worker = { child: startWorker(server, env), sending: false };
  worker.child.stdout?.on('data', (chunk: Buffer) => {
    if (/"sent":[1-9]/.test(chunk.toString())) worker.sending = true;
  });
  return worker;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

interface Trial {
  server: SmtpSink;
  kills: number;
  members: [number, number];
  connections: number;
  /** The workers' settings (the rate keeps the campaigns going longer than the kills). */
  env: Record<string, string>;
}

async function killTrial({ server: smtp, kills: KILLS, members: MEMBERS, connections, env }: Trial) {
  const startReplacement = () => startSender(smtp, { ...env, SMTP_MAX_CONNECTIONS: String(connections) });
  const first = await createSendingScene(t.db, { count: MEMBERS[0] });
  const second = await createSendingScene(t.db, { count: MEMBERS[1] });
  const campaignIds = [first.campaignId, second.campaignId];
  const workers = Array.from({ length: WORKERS }, () => startReplacement());
  // Each kill lands on a random worker that is sending, 0.15-0.5 s after the previous one, and
  // the worker is replaced at once.
  const kills: { at: number; left: number }[] = [];
  while (kills.length < KILLS) {
    await sleep(150 + Math.floor(Math.random() * 350));
    const candidates = workers.map((w, i) => (w.sending ? i : -1)).filter((i) => i >= 0);
    if (!candidates.length) continue;
    const victim = candidates[Math.floor(Math.random() * candidates.length)];
    workers[victim].child.kill('SIGKILL');
    await exited(workers[victim].child);
    workers[victim] = startReplacement();
    const [{ left }] = await t.db.execute<{ left: number }>(sql`select count(*)::int as left from deliveries where campaign_id in (${first.campaignId}, ${second.campaignId}) and status in ('queued', 'sending')`);
    kills.push({ at: smtp.messages.length, left: Number(left) });
  }
  // Every kill came before the campaigns were done.
  for (const k of kills) expect(k.left).toBeGreaterThan(0);
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const rows = await Promise.all(campaignIds.map((id) => campaignRow(t.db, id)));
    if (rows.every((r) => r.status === 5)) break;
    await sleep(250);
  }
  for (const w of workers) w.child.kill('SIGTERM');
  await Promise.all(workers.map((w) => exited(w.child)));

  const rows = await t.db.select({ id: deliveries.id, status: deliveries.status }).from(deliveries).where(inArray(deliveries.campaignId, campaignIds));
  const received = smtp.countsByDelivery();
  const twice = [...received.entries()].filter(([, n]) => n > 1);
  expect(twice).toEqual([]);
  for (const row of rows) {
    const got = received.get(row.id) ?? 0;
    if (row.status === 'sent') expect(got, `delivery ${row.id} is sent`).toBe(1);
    else expect(row.status, `delivery ${row.id} got ${got}`).toBe('needs_review');
  }
  const total = MEMBERS[0] + MEMBERS[1];
  const sent = rows.filter((r) => r.status === 'sent').length;
  const review = rows.filter((r) => r.status === 'needs_review');
  const reviewReceived = review.filter((r) => received.has(r.id)).length;
  expect(sent + review.length).toBe(total);
  expect(review.length).toBeLessThanOrEqual(KILLS * connections);
  for (const id of campaignIds) {
    const campaign = await campaignRow(t.db, id);
    const mine = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from deliveries where campaign_id = ${id} and status = 'sent'`);
    expect([campaign.status, campaign.successRecords]).toEqual([5, Number(mine[0].n)]);
  }
  console.log(
    `fault test (${connections} connections): ${KILLS} kills of ${WORKERS} workers over ${total} deliveries (${kills.map((k) => k.at).join(' ')} received at the kills); ` +
      `${sent} sent, ${review.length} needs review (${reviewReceived} of them received, ${review.length - reviewReceived} not), ${smtp.messages.length} received by SMTP`,
  );
}

describe.runIf(process.env.DATABASE_URL)(`${WORKERS} workers killed at random mid-campaign`, () => {
  it('on loopback, 5 connections: never sends a delivery twice, loses none, at most one to check per connection and kill', async () => {
    await killTrial({ server: smtp, kills: 24, members: [1200, 800], connections: 5, env: { DISPATCH_BATCH_SIZE: '15', DISPATCH_CONCURRENCY: '4', EMAIL_RATE_PER_SECOND: '60' } });
  }, 240_000);

  it('at real latency (50 ms a message), 20 connections: the same', async () => {
    const slow = await startSmtpSink({ parse: false, endDelayMs: 50 });
    try {
      await killTrial({ server: slow, kills: 16, members: [1500, 1000], connections: 20, env: { DISPATCH_BATCH_SIZE: '60', EMAIL_RATE_PER_SECOND: '150' } });
    } finally {
      await slow.close();
    }
  }, 240_000);
});
