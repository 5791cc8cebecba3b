import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, openPglite, type Db } from '@/db/client';
import { createGlobalRateLimiter } from '@/lib/sending/global-rate';
import { wakeDispatchers } from '@/lib/sending/wakeup';
import { campaignRow, createSendingScene } from '@/tests/fixtures/sending';
import { startSmtpSink, type SmtpSink } from '@/tests/fixtures/smtp-sink';
import { setupTestDatabase } from '@/tests/fixtures/test-db';

/**
 * Issue 19, point 5: EMAIL_RATE_PER_SECOND holds for every process together (the shared schedule
 * in table send_rates, lib/sending/global-rate.ts), within 5 %. Three limiters on three connections
 * of their own, on both databases; and on PostgreSQL three worker processes sending one campaign
 * to a real SMTP server, counted at the server.
 */
const t = setupTestDatabase();
const RATE = 50;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('three limiters sharing one rate', () => {
  const handles: { db: Db; close: () => Promise<void> }[] = [];
  afterAll(async () => {
    for (const h of handles) await h.close();
  });

  it('let through the rate, not three times it, and each gets a share', async () => {
    // PostgreSQL: a pool of its own for each (as three processes would have); PGlite: one process's database.
    const dbs: Db[] = [];
    for (let i = 0; i < 3; i++) {
      if (!t.url) dbs.push(t.db);
      else {
        const handle = await openDatabase({ url: t.url });
        handles.push(handle);
        dbs.push(handle.db);
      }
    }
    const limiters = dbs.map((db) => createGlobalRateLimiter(db, 'sms', RATE));
    const taken: number[][] = [[], [], []];
    const started = performance.now();
    const RUN_MS = 5_500;
    // Four callers per limiter, always asking: far more than the rate.
    await Promise.all(
      limiters.flatMap((limiter, i) =>
        Array.from({ length: 4 }, async () => {
          while (performance.now() - started < RUN_MS) {
            await limiter.take();
            taken[i].push(performance.now() - started);
          }
        }),
      ),
    );
    const from = 1_000;
    const to = 5_000;
    const inWindow = taken.map((times) => times.filter((at) => at >= from && at < to).length);
    const total = inWindow.reduce((a, b) => a + b, 0);
    const rate = total / ((to - from) / 1000);
    console.log(`global rate, 3 limiters (${t.driver}): ${rate.toFixed(1)}/s over ${(to - from) / 1000} s; shares ${inWindow.join(' / ')}`);
    expect(Math.abs(rate - RATE) / RATE).toBeLessThanOrEqual(0.05);
    for (const n of inWindow) expect(n).toBeGreaterThan(total * 0.15);
  }, 30_000);
});

describe('a limiter whose database is gone', () => {
  it('paces its process alone instead of stopping the sending', async () => {
    const handle = t.url ? await openDatabase({ url: t.url }) : await openPglite(null);
    await handle.close();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const limiter = createGlobalRateLimiter(handle.db, 'email', 1_000);
      const started = performance.now();
      // The in-process bucket holds one second's worth: 20 go at once.
      for (let i = 0; i < 20; i++) await limiter.take();
      expect(performance.now() - started).toBeLessThan(5_000);
      // One reservation failed; the next ones wait for the fallback period to end.
      expect(errors.mock.calls.length).toBe(1);
      expect(String(errors.mock.calls[0][0])).toContain('email rate: could not reserve send slots');
    } finally {
      errors.mockRestore();
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('three worker processes under a global 50 messages/s', () => {
  const MEMBERS = 1_200;
  const WINDOW_MS = 12_000;
  let smtp: SmtpSink;
  const workers: { child: ChildProcess; output: string }[] = [];

  beforeAll(async () => {
    smtp = await startSmtpSink({ parse: false });
  });
  afterAll(async () => {
    await Promise.all(
      workers.map(({ child }) =>
        child.exitCode === null && child.signalCode === null
          ? new Promise<void>((resolve) => {
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
            })
          : undefined,
      ),
    );
    await smtp.close();
  });

  function startWorker() {
    // This Node with tsx as a loader (as the fault test does).
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/worker.ts'], {
      cwd: process.cwd(),
      env: {
        ...process.env,
        DATABASE_URL: t.url,
        SMTP_URL: smtp.url,
        EMAIL_RATE_PER_SECOND: String(RATE),
        DISPATCH_INTERVAL_MS: '1000',
        DISPATCH_BATCH_SIZE: '25',
        DISPATCH_CONCURRENCY: '8',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const worker = { child, output: '' };
    child.stdout?.on('data', (chunk: Buffer) => (worker.output += chunk.toString()));
    workers.push(worker);
    return worker;
  }

  /** Messages each worker reported sent, from its round reports. */
  const sentBy = (output: string) => [...output.matchAll(/"sent":(\d+)/g)].reduce((n, m) => n + Number(m[1]), 0);

  it('send 50 messages a second together, each its share', async () => {
    for (let i = 0; i < 3; i++) startWorker();
    const deadline = Date.now() + 60_000;
    while (!workers.every((w) => w.output.includes('listening for wake-ups'))) {
      if (workers.some((w) => w.child.exitCode !== null)) throw new Error('a worker exited');
      if (Date.now() > deadline) throw new Error('the workers did not start');
      await sleep(50);
    }
    // E-mail only: the fixture's random phone numbers may collide among this many members.
    const scene = await createSendingScene(t.db, { members: Array.from({ length: MEMBERS }, () => ({ phone: null })) });
    await wakeDispatchers(t.db);
    // Steady state: two seconds after the first message.
    while (smtp.messages.length === 0) {
      if (Date.now() > deadline) throw new Error('nothing was sent');
      await sleep(5);
    }
    await sleep(2_000);
    const t0 = performance.now();
    const c0 = smtp.messages.length;
    await sleep(WINDOW_MS);
    const c1 = smtp.messages.length;
    const t1 = performance.now();
    const rate = (c1 - c0) / ((t1 - t0) / 1000);
    // Still sending at the window's end: the rate, not the campaign's size, was the limit.
    expect(c1).toBeLessThan(MEMBERS);
    expect((await campaignRow(t.db, scene.campaignId)).status).toBe(2);
    // Let every worker finish a round or two, so each has reported what it sent.
    await sleep(2_500);
    const shares = workers.map((w) => sentBy(w.output));
    console.log(`global rate, 3 workers: ${rate.toFixed(2)}/s over ${((t1 - t0) / 1000).toFixed(1)} s (${c1 - c0} messages); sent per worker so far ${shares.join(' / ')}`);
    // The limit holds: never more than the rate. Below it only when this machine cannot keep three
    // workers and the server busy (a shared 2-core host at load 15 reached 42/s): the lower bound
    // is a backstop against a limiter that starves, not a measure of the machine.
    expect(rate).toBeLessThanOrEqual(RATE * 1.05);
    expect(rate).toBeGreaterThan(RATE * 0.5);
    for (const n of shares) expect(n).toBeGreaterThan(0);
  }, 120_000);
});
