/**
 * Issue 19's fault benchmark: the fault test (tests/integration/sending-fault.test.ts) at scale.
 * Worker processes (`node --import tsx scripts/worker.ts`, 3 by default) send several campaigns to
 * a real SMTP server on loopback while a random worker that is sending is killed with SIGKILL every
 * 0.15-0.5 s and replaced at once, with a stale window of 1 s. The server counts what arrived per
 * delivery (X-StarLoop-Delivery); the figures: duplicates, silent losses, deliveries in review per
 * kill, and how many of those had in fact arrived.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/sending-faults.ts [kills] [members per campaign] [campaigns]
 *
 * BENCH_WORKERS (default 3), BENCH_RATE (EMAIL_RATE_PER_SECOND, default 60), BENCH_KEEP=1 keeps
 * the database. With 0 kills and one worker it times a campaign to done (`doneSeconds`), e.g. the
 * 10,000-member campaign at 50 ms with 20 connections:
 * `BENCH_WORKERS=1 BENCH_SMTP_DELAY_MS=50 BENCH_POOL=20 BENCH_RATE=0 npx tsx bench/sending-faults.ts 0 10000 1`.
 * At real latency: BENCH_SMTP_DELAY_MS (the server's 250 that long after each
 * closing dot; hosted providers take 50-300 ms) and BENCH_POOL (SMTP_MAX_CONNECTIONS, default 5;
 * the bound is one message to check per connection and kill), e.g. BENCH_SMTP_DELAY_MS=50
 * BENCH_POOL=20 BENCH_RATE=300. An outage (BENCH_OUTAGE_S, seconds, default 0) cuts the server off
 * midway through the kills, and the figures say how long sending took to resume after its return.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { startSmtpSink } from '@/tests/fixtures/smtp-sink';
import { startTcpProxy } from '@/tests/fixtures/tcp-proxy';
import { createSendingScene } from '@/tests/fixtures/sending';
import { scratchDatabase } from './scratch-database';

const KILLS = Number(process.argv[2] ?? 220);
const MEMBERS = Number(process.argv[3] ?? 3000);
const CAMPAIGNS = Number(process.argv[4] ?? 3);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 3);
const POOL = Number(process.env.BENCH_POOL ?? 5);
const SMTP_DELAY_MS = Number(process.env.BENCH_SMTP_DELAY_MS ?? 0);
const OUTAGE_S = Number(process.env.BENCH_OUTAGE_S ?? 0);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));
const progress = (line: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

async function main() {
  const { admin, dbName, url, handle } = await scratchDatabase('starloop_faults');
  const smtp = await startSmtpSink({ parse: false, endDelayMs: SMTP_DELAY_MS });
  // The workers reach the server through a proxy that can cut it off (the outage) and bring it back.
  const proxy = await startTcpProxy({ host: '127.0.0.1', port: smtp.port });
  let resumedAfterMs: number | null = null;
  const workers: { child: ChildProcess; sending: boolean }[] = [];
  try {
    const campaignIds: number[] = [];
    for (let i = 0; i < CAMPAIGNS; i++) campaignIds.push((await createSendingScene(handle.db, { members: Array.from({ length: MEMBERS }, (_, n) => ({ firstName: `Member${n}`, phone: null })) })).campaignId);
    const ids = sql.join(campaignIds.map((id) => sql`${id}`), sql`, `);
    const total = MEMBERS * CAMPAIGNS;
    progress(`${CAMPAIGNS} campaigns of ${MEMBERS} members`);
    const startWorker = () => {
      const worker = {
        child: spawn(process.execPath, ['--import', 'tsx', 'scripts/worker.ts'], {
          cwd: process.cwd(),
          env: {
            ...process.env,
            DATABASE_URL: url,
            SMTP_URL: `smtp://127.0.0.1:${proxy.port}`,
            SMTP_MAX_CONNECTIONS: String(POOL),
            DISPATCH_INTERVAL_MS: '50',
            DISPATCH_BATCH_SIZE: process.env.BENCH_BATCH ?? (POOL <= 5 && !SMTP_DELAY_MS ? '15' : '200'),
            // Loopback with a small pool: few in flight, so that kills land mid-round; otherwise the
            // dispatcher's own (twice the connections).
            ...(POOL <= 5 && !SMTP_DELAY_MS ? { DISPATCH_CONCURRENCY: '4' } : {}),
            SENDING_STALE_SECONDS: '1',
            EMAIL_RATE_PER_SECOND: process.env.BENCH_RATE ?? '60',
          },
          stdio: ['ignore', 'pipe', 'inherit'],
        }),
        sending: false,
      };
      worker.child.stdout?.on('data', (chunk: Buffer) => {
        if (/"sent":[1-9]/.test(chunk.toString())) worker.sending = true;
      });
      return worker;
    };
    for (let i = 0; i < WORKERS; i++) workers.push(startWorker());
    const started = Date.now();
    let kills = 0;
    let left = total;
    while (kills < KILLS && left > 0) {
      await sleep(150 + Math.floor(Math.random() * 350));
      const candidates = workers.map((w, i) => (w.sending ? i : -1)).filter((i) => i >= 0);
      if (!candidates.length) continue;
      const victim = candidates[Math.floor(Math.random() * candidates.length)];
      workers[victim].child.kill('SIGKILL');
      await exited(workers[victim].child);
      workers[victim] = startWorker();
      kills++;
      if (OUTAGE_S && kills === Math.floor(KILLS / 2)) {
        progress(`outage: the server is cut off for ${OUTAGE_S} s`);
        await proxy.down();
        await sleep(OUTAGE_S * 1000);
        const before = smtp.messages.length;
        const upAt = Date.now();
        await proxy.up();
        while (smtp.messages.length === before && Date.now() - upAt < 60_000) await sleep(20);
        resumedAfterMs = Date.now() - upAt;
        progress(`resumed ${resumedAfterMs} ms after the server's return`);
      }
      [{ left }] = await handle.db.execute<{ left: number }>(sql`select count(*)::int as left from deliveries where campaign_id in (${ids}) and status in ('queued', 'sending')`);
      if (kills % 20 === 0) progress(`${kills} kills, ${smtp.messages.length} received, ${left} left`);
    }
    const killsDoneAt = Date.now();
    let doneAt: number | null = null;
    while (Date.now() - killsDoneAt < 300_000) {
      const [{ open }] = await handle.db.execute<{ open: number }>(sql`select count(*)::int as open from campaigns where id in (${ids}) and status <> 5`);
      if (!Number(open)) {
        doneAt = Date.now();
        break;
      }
      await sleep(KILLS ? 500 : 100);
    }
    const rows = await handle.db.execute<{ id: number; status: string }>(sql`select id, status from deliveries where campaign_id in (${ids})`);
    const received = smtp.countsByDelivery();
    const byStatus: Record<string, number> = {};
    for (const r of rows) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
    const review = rows.filter((r) => r.status === 'needs_review');
    const result = {
      machine: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, node ${process.version}`,
      date: new Date().toISOString(),
      loadAverage: os.loadavg().map((l) => +l.toFixed(1)),
      workers: WORKERS,
      pool: POOL,
      smtpDelayMs: SMTP_DELAY_MS,
      outageSeconds: OUTAGE_S,
      resumedAfterMs,
      deliveries: total,
      kills,
      killSeconds: Math.round((killsDoneAt - started) / 1000),
      // From the workers' start (their start-up included) to every campaign done.
      doneSeconds: doneAt === null ? null : +((doneAt - started) / 1000).toFixed(1),
      statuses: byStatus,
      receivedBySmtp: smtp.messages.length,
      duplicates: [...received.values()].filter((n) => n > 1).length,
      sentButNotReceived: rows.filter((r) => r.status === 'sent' && !received.has(Number(r.id))).length,
      lostRows: rows.filter((r) => r.status !== 'sent' && r.status !== 'needs_review').length,
      review: review.length,
      reviewPerKill: +(review.length / Math.max(1, kills)).toFixed(3),
      reviewBound: kills * POOL,
      reviewReceived: review.filter((r) => received.has(Number(r.id))).length,
      reviewNotReceived: review.filter((r) => !received.has(Number(r.id))).length,
      successRecords: (await handle.db.execute<{ n: number }>(sql`select sum(success_records)::int as n from campaigns where id in (${ids})`))[0].n,
    };
    console.log(JSON.stringify(result, null, 2));
  } finally {
    for (const w of workers) w.child.kill('SIGTERM');
    await Promise.all(workers.map((w) => exited(w.child)));
    await proxy.close();
    await smtp.close();
    await handle.close();
    if (process.env.BENCH_KEEP === '1') progress(`kept database ${dbName}`);
    else await admin.unsafe(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
