import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { deliveries } from '@/db/schema/sending';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { startSmtpSink, type SmtpSink } from '@/tests/fixtures/smtp-sink';
import { campaignRow, createSendingScene } from '@/tests/fixtures/sending';
import { smtpTransport } from '@/lib/messaging/smtp-transport';
import { createRateLimiter } from '@/lib/sending/rate-limiter';
import { startDispatchLoop } from '@/lib/sending/loop';
import type { SendingTransports } from '@/lib/sending/transports';
import { outboxSmsTransport } from '@/lib/messaging/outbox-transport';
import { standaloneReady } from '@/tests/fixtures/built-app';
import { startDueScheduledCampaigns } from '@/lib/campaigns/start-scheduled';

/**
 * Issue 20, item 3: a rolling restart of workers while a campaign sends. Each worker is stopped
 * with SIGTERM mid-campaign: it exits 0 within its bound (WORKER_STOP_SECONDS, 10 s) leaving no
 * row `sending` (messages past their marker finished, the rest released) and none for review;
 * the next worker goes on, and every member gets the message exactly once. Worker processes need
 * PostgreSQL (PGlite is one process's database).
 */
const t = setupTestDatabase();
const MEMBERS = 400;
const RESTARTS = 4;
// A batch of 100 at 40 messages a second: finishing the batch would take 2.5 s and send ~100 more.
const BATCH = 100;
const CONCURRENCY = 4;
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtpSink({ parse: false });
});
afterAll(async () => {
  await smtp.close();
});

// This Node process with tsx as a loader (as in sending-fault.test.ts): the signal reaches the worker itself.
function startWorker(): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'scripts/worker.ts'], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      DATABASE_URL: t.url,
      SMTP_URL: smtp.url,
      DISPATCH_INTERVAL_MS: '50',
      DISPATCH_BATCH_SIZE: String(BATCH),
      DISPATCH_CONCURRENCY: String(CONCURRENCY),
      // Slow enough that each stop lands mid-campaign.
      EMAIL_RATE_PER_SECOND: '40',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const exitOf = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve({ code: child.exitCode, signal: child.signalCode }) : child.once('exit', (code, signal) => resolve({ code, signal })),
  );

async function statusCounts(campaignId: number): Promise<Record<string, number>> {
  const rows = await t.db.select({ status: deliveries.status }).from(deliveries).where(eq(deliveries.campaignId, campaignId));
  const out: Record<string, number> = {};
  for (const r of rows) out[r.status] = (out[r.status] ?? 0) + 1;
  return out;
}

describe('the dispatch loop stopped mid-campaign (both drivers, in process)', () => {
  it('releases what it claimed but never marked, sends nothing to review, and a new loop finishes exactly once', async () => {
    const members = 120;
    const before = smtp.messages.length;
    const scene = await createSendingScene(t.db, { count: members });
    const transports: SendingTransports = { email: smtpTransport(smtp.url), sms: outboxSmsTransport, emailLimiter: createRateLimiter(40), smsLimiter: createRateLimiter(0), from: (name) => `"${name}" <c@starloop.test>` };
    const options = { startDueScheduledCampaigns, transports, intervalMs: 50, batchSize: BATCH, concurrency: CONCURRENCY };
    const first = startDispatchLoop(t.db, options);
    const wait = Date.now() + 30_000;
    while (smtp.messages.length < before + 20 && Date.now() < wait) await sleep(20);
    const atStop = smtp.messages.length;
    await first.stop();
    expect(smtp.messages.length - atStop, 'messages sent after the stop').toBeLessThanOrEqual(CONCURRENCY + 1);
    const counts = await statusCounts(scene.campaignId);
    expect([counts.sending ?? 0, counts.needs_review ?? 0]).toEqual([0, 0]);
    expect(counts.queued ?? 0).toBeGreaterThan(0);
    const second = startDispatchLoop(t.db, options);
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && (await campaignRow(t.db, scene.campaignId)).status !== 5) await sleep(100);
    await second.stop();
    expect(await statusCounts(scene.campaignId)).toEqual({ sent: members });
    const ids = new Set((await t.db.select({ id: deliveries.id }).from(deliveries).where(eq(deliveries.campaignId, scene.campaignId))).map((r) => r.id));
    const mine = [...smtp.countsByDelivery().entries()].filter(([id]) => ids.has(id));
    expect(mine.length).toBe(members);
    expect(mine.filter(([, n]) => n !== 1)).toEqual([]);
  }, 120_000);
});

describe('the dispatch loop stopped while messages wait behind a slow mail server (both drivers)', () => {
  it('sends only the message whose turn had come: the waiting ones are released unmarked', async () => {
    // Each closing dot is answered after 800 ms, so messages wait on their connections (marked
    // when the connection took them) while others end. Found from outside: waiting ones were sent
    // after the stop (4 s past the signal with a 4 s server, and one left for review). A message
    // whose end had not gone at the stop is abandoned unterminated and put back in the queue.
    const slow = await startSmtpSink({ parse: false, endDelayMs: 800 });
    try {
      const members = 40;
      const scene = await createSendingScene(t.db, { count: members });
      const transports: SendingTransports = { email: smtpTransport(slow.url), sms: outboxSmsTransport, emailLimiter: createRateLimiter(0), smsLimiter: createRateLimiter(0), from: (name) => `"${name}" <c@starloop.test>` };
      const loop = startDispatchLoop(t.db, { startDueScheduledCampaigns, transports, intervalMs: 50, batchSize: 20, concurrency: CONCURRENCY });
      const wait = Date.now() + 30_000;
      while (slow.messages.length < 3 && Date.now() < wait) await sleep(20);
      const atStop = slow.messages.length;
      const stoppedAt = performance.now();
      await loop.stop();
      const stopMs = performance.now() - stoppedAt;
      expect(slow.messages.length - atStop, 'closing dots sent after the stop').toBe(0);
      expect(stopMs, 'the stop waited for the answers to dots already sent, not for the queue').toBeLessThan(2_000);
      const counts = await statusCounts(scene.campaignId);
      expect([counts.sending ?? 0, counts.needs_review ?? 0]).toEqual([0, 0]);
      expect(counts.sent).toBe(slow.messages.length);
    } finally {
      // Not awaited: the server waits 30 s for the pool's idle connections.
      void slow.close();
    }
  }, 60_000);
});

describe.runIf(process.env.DATABASE_URL)(`worker SIGTERM: a rolling restart (x${RESTARTS}) mid-campaign`, () => {
  it('each stop exits 0 within the bound, leaves nothing sending or for review; the campaign completes exactly once', async () => {
    const scene = await createSendingScene(t.db, { count: MEMBERS });
    const stops: { receivedAtStop: number; afterStop: number; stopMs: number }[] = [];
    for (let i = 0; i < RESTARTS; i++) {
      const before = smtp.messages.length;
      const worker = startWorker();
      // Stopped once it has really been sending for a while.
      const wait = Date.now() + 30_000;
      while (smtp.messages.length < before + 25 && Date.now() < wait) await sleep(25);
      expect(smtp.messages.length, 'the worker sent before its stop').toBeGreaterThanOrEqual(before + 25);
      const receivedAtStop = smtp.messages.length;
      const stoppedAt = performance.now();
      worker.kill('SIGTERM');
      const exit = await exitOf(worker);
      const stopMs = performance.now() - stoppedAt;
      expect(exit).toEqual({ code: 0, signal: null });
      expect(stopMs).toBeLessThan(10_000);
      const counts = await statusCounts(scene.campaignId);
      expect(counts.sending ?? 0, `stop ${i + 1}: rows left sending`).toBe(0);
      expect(counts.needs_review ?? 0, `stop ${i + 1}: rows sent to review`).toBe(0);
      // Mid-campaign: work was left for the next worker.
      expect(counts.queued ?? 0, `stop ${i + 1}: rows still queued`).toBeGreaterThan(0);
      // Only messages already in flight went out after the signal, not the rest of the batch.
      const afterStop = smtp.messages.length - receivedAtStop;
      expect(afterStop, `stop ${i + 1}: messages sent after SIGTERM`).toBeLessThanOrEqual(CONCURRENCY + 1);
      stops.push({ receivedAtStop, afterStop, stopMs: Math.round(stopMs) });
    }
    const last = startWorker();
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline && (await campaignRow(t.db, scene.campaignId)).status !== 5) await sleep(250);
    last.kill('SIGTERM');
    expect(await exitOf(last)).toEqual({ code: 0, signal: null });

    expect(await statusCounts(scene.campaignId)).toEqual({ sent: MEMBERS });
    const ids = new Set((await t.db.select({ id: deliveries.id }).from(deliveries).where(eq(deliveries.campaignId, scene.campaignId))).map((r) => r.id));
    const received = [...smtp.countsByDelivery().entries()].filter(([id]) => ids.has(id));
    expect(received.filter(([, n]) => n !== 1)).toEqual([]);
    expect(received.length).toBe(MEMBERS);
    const campaign = await campaignRow(t.db, scene.campaignId);
    expect([campaign.status, campaign.successRecords]).toEqual([5, MEMBERS]);
    console.log(`graceful stop: ${RESTARTS} SIGTERMs at ${stops.map((s) => `${s.receivedAtStop} received (+${s.afterStop} after, ${s.stopMs} ms to exit)`).join(', ')}; ${MEMBERS} sent once each`);
  }, 180_000);
});

/**
 * The web process (scripts/serve.mjs, one process and a cluster of two): SIGTERM while a request
 * is in flight (its body still arriving) stops new connections at once, answers that request, and
 * exits within WEB_STOP_SECONDS. It needs the production build (`next build`; NEXT_DIST_DIR when
 * not .next), so it runs where one exists: through `next start`, and through the standalone
 * server too where `npm run build` prepared it (scripts/build-standalone.mjs).
 */
const distDir = process.env.NEXT_DIST_DIR ?? '.next';
const built = fs.existsSync(path.join(distDir, 'BUILD_ID'));
const servers = [
  { server: 'next start', serverEnv: { WEB_SERVER: 'next' } },
  ...(standaloneReady() ? [{ server: 'standalone', serverEnv: { WEB_SERVER: 'standalone' } }] : []),
];

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function startWeb(port: number, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['scripts/serve.mjs', '-H', '127.0.0.1', '-p', String(port)], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_DIST_DIR: distDir,
      NEXT_TELEMETRY_DISABLED: '1',
      DATABASE_URL: t.url,
      AUTH_SECRET: 'graceful-stop-auth-secret-0123456789abcdef',
      APP_URL: `http://127.0.0.1:${port}`,
      MAIL_TRANSPORT: 'outbox',
      DISPATCHER: 'off',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function healthy(port: number, within: number): Promise<void> {
  const until = Date.now() + within;
  while (Date.now() < until) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.status === 200, () => false);
    if (ok) return;
    await sleep(200);
  }
  throw new Error('the web process did not answer /api/health');
}

/** A POST whose body arrives in two halves, `gapMs` apart: in flight meanwhile. */
function slowPost(port: number, pathname: string, body: string, gapMs: number, midway: () => void): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: pathname, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'accept-language': 'en-US' } }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
    const half = Math.floor(body.length / 2);
    request.write(body.slice(0, half));
    setTimeout(midway, gapMs / 2);
    setTimeout(() => request.end(body.slice(half)), gapMs);
  });
}

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(true));
  });

describe.runIf(process.env.DATABASE_URL && built).each(
  servers.flatMap(({ server, serverEnv }) => [
    // Next exits 143 on SIGTERM (one process); the cluster's primary 0 once its processes ended.
    { name: 'one process', server, env: { ...serverEnv } as Record<string, string>, code: 143 },
    { name: 'a cluster of two', server, env: { ...serverEnv, WEB_CONCURRENCY: '2' } as Record<string, string>, code: 0 },
  ]),
)('web SIGTERM ($name, $server)', ({ env, code }) => {
  it('answers the request in flight, refuses new connections, exits within the bound', async () => {
    const port = await freePort();
    const web = startWeb(port, env);
    try {
      await healthy(port, 60_000);
      let refusedDuringStop = false;
      let signalledAt = 0;
      const answer = await slowPost(port, '/api/user/emailValidate', JSON.stringify({ email: 'graceful-stop@example.com' }), 1_500, () => {
        signalledAt = performance.now();
        web.kill('SIGTERM');
        void sleep(200).then(async () => (refusedDuringStop = await refused(port)));
      });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 200 });
      const exit = await exitOf(web);
      expect(performance.now() - signalledAt).toBeLessThan(10_000);
      expect(refusedDuringStop, 'a new connection after SIGTERM').toBe(true);
      expect(exit.code).toBe(code);
    } finally {
      if (web.exitCode === null && web.signalCode === null) web.kill('SIGKILL');
    }
  }, 120_000);
});

describe.runIf(process.env.DATABASE_URL && built).each(servers)('web SIGTERM with a request that never ends ($server)', ({ serverEnv }) => {
  it('exits 1 once WEB_STOP_SECONDS have passed', async () => {
    const port = await freePort();
    const web = startWeb(port, { ...serverEnv, WEB_STOP_SECONDS: '2' });
    let socket: net.Socket | undefined;
    try {
      await healthy(port, 60_000);
      socket = net.connect(port, '127.0.0.1');
      socket.on('error', () => {});
      await new Promise<void>((resolve) => socket?.once('connect', () => resolve()));
      // Headers promising a body that never comes.
      socket.write('POST /api/user/emailValidate HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"email":');
      await sleep(300);
      const signalledAt = performance.now();
      web.kill('SIGTERM');
      const exit = await exitOf(web);
      const stopMs = performance.now() - signalledAt;
      expect(exit).toEqual({ code: 1, signal: null });
      expect(stopMs).toBeGreaterThanOrEqual(1_900);
      // A backstop only (ten times the bound, for a busy machine): exit code 1 already says the
      // bound, not the request, ended the process.
      expect(stopMs).toBeLessThan(20_000);
    } finally {
      socket?.destroy();
      if (web.exitCode === null && web.signalCode === null) web.kill('SIGKILL');
    }
  }, 90_000);
});
