/**
 * Issue 20, item 6: many processes on one PostgreSQL. Two web processes and three workers (started
 * by tests/fixtures/fleet.ts, as the rolling-restart test starts them) while a campaign of
 * BENCH_MEMBERS (default 100,000) e-mail members sends to an SMTP sink on loopback: the contacts
 * list and the campaign list under 50 connections (autocannon, half on each web process, as a
 * balancer's round robin would), BENCH_SECONDS (30) each. Reports each list's p99, the send
 * throughput at the sink (while the lists are loaded, and over the whole campaign), errors (must be
 * 0) and duplicates at the sink, by recipient and by delivery (must be 0).
 *
 *   NEXT_DIST_DIR=.next-fleet npx next build
 *   NEXT_DIST_DIR=.next-fleet npx tsx bench/fleet.ts
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server; the run
 * creates a database of its own and drops it at the end (BENCH_KEEP=1 keeps it). BENCH_WORKERS (3),
 * BENCH_WEBS (2), BENCH_CONNECTIONS (50), BENCH_EMAIL_RATE (EMAIL_RATE_PER_SECOND of the workers,
 * default 0: no rate limit, to measure the engine), BENCH_TIMEOUT_SECONDS (autocannon's request
 * timeout, default its own 10 s).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { SMTPServer } from 'smtp-server';
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { hashPassword } from '@/lib/auth/password';
import { runCampaignAction } from '@/lib/campaigns/transitions';
import { cleanExit, freePort, startWeb, startWorker, stop, webBuildExists, type FleetProcess } from '@/tests/fixtures/fleet';
import { scratchDatabase } from './scratch-database';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 3);
const WEBS = Number(process.env.BENCH_WEBS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
// autocannon's own default is 10 s; a request slower than this counts as an error (a timeout).
const requestTimeout = process.env.BENCH_TIMEOUT_SECONDS ? ({ timeout: Number(process.env.BENCH_TIMEOUT_SECONDS) } as object) : {};
const EMAIL = 'fleet-owner@example.com';
const PASSWORD = 'fleet-bench-password-1';
const TEMPLATE = '<p>Hi {{fullName}},</p><p>Thanks for visiting. <a href="{{googleReviewLink}}">Write a review</a></p><p><a href="{{optoutLink}}">Unsubscribe</a></p>';

async function main() {
  if (!webBuildExists()) throw new Error('no production build: NEXT_DIST_DIR=.next-fleet npx next build first, and run with the same NEXT_DIST_DIR');
  const { admin, dbName, url, handle } = await scratchDatabase('fleet_bench');
  const sink = await startCountingSink();
  const processes: FleetProcess[] = [];
  try {
    const t0 = performance.now();
    const { campaignId, merchantId } = await seed(handle.db);
    progress(`seeded ${MEMBERS.toLocaleString()} members in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const ports = await Promise.all(Array.from({ length: WEBS }, () => freePort()));
    const env = {
      DATABASE_URL: url,
      AUTH_SECRET: 'fleet-bench-auth-secret-0123456789abcdef0123',
      APP_URL: `http://127.0.0.1:${ports[0]}`,
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      EMAIL_RATE_PER_SECOND: process.env.BENCH_EMAIL_RATE ?? '0',
      DISPATCH_INTERVAL_MS: '1000',
    };
    processes.push(...(await Promise.all(ports.map((port, i) => startWeb(port, { name: `web-${i + 1}`, env })))));
    progress(`${WEBS} web processes ready`);
    const token = await signIn(ports[0]);
    const auth = { authorization: `Bearer ${token}`, 'accept-language': 'en-US' };

    // Send now through the app's own call (lock, checks, one INSERT ... SELECT of the rows).
    const ctx = { db: handle.db, merchantId, userId: 0, locale: 'en-US' as const, permissions: [], now: () => new Date() };
    const q0 = performance.now();
    await runCampaignAction(ctx, campaignId, 'send');
    progress(`queued ${MEMBERS.toLocaleString()} deliveries in ${Math.round(performance.now() - q0)} ms`);
    processes.push(...(await Promise.all(Array.from({ length: WORKERS }, (_, i) => startWorker({ name: `worker-${i + 1}`, env })))));
    progress(`${WORKERS} workers dispatching`);
    await waitFor(() => sink.received > 0, 60_000);

    const lists: [string, string][] = [
      ['contacts list (GET /api/member, page 1 of 20)', '/api/member?pageNum=1&pageSize=20'],
      ['campaign list (GET /api/campaign, page 1 of 20)', '/api/campaign?pageNum=1&pageSize=20'],
    ];
    const rows: string[] = [];
    let errors = 0;
    const loadStart = { at: performance.now(), received: sink.received };
    for (const [name, path] of lists) {
      const cpu0 = machineCpu();
      const before = { at: performance.now(), received: sink.received };
      // Half the connections on each web process: a balancer's round robin.
      const results = await Promise.all(
        ports.map((port) => autocannon({ url: `http://127.0.0.1:${port}${path}`, connections: Math.ceil(CONNECTIONS / WEBS), duration: SECONDS, headers: auth, ...requestTimeout })),
      );
      const sentPerSecond = ((sink.received - before.received) / (performance.now() - before.at)) * 1000;
      const requests = results.reduce((n, r) => n + r.requests.total, 0);
      const failed = results.reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0);
      errors += failed;
      const codes = mergeCodes(results);
      const p99 = results.map((r) => r.latency.p99);
      const line = `| ${name} | ${Math.round(requests / SECONDS).toLocaleString()} | ${results.map((r) => r.latency.p50).join(' / ')} | **${Math.max(...p99)}** (${p99.join(' / ')}) | ${Math.max(...results.map((r) => r.latency.max))} | ${failed} | ${codes} | ${Math.round(sentPerSecond)} | ${busyShare(cpu0)} |`;
      progress(line);
      rows.push(line);
    }
    const loadEnd = { at: performance.now(), received: sink.received };
    const underLoad = ((loadEnd.received - loadStart.received) / (loadEnd.at - loadStart.at)) * 1000;
    progress(`lists done; ${sink.received.toLocaleString()} of ${MEMBERS.toLocaleString()} received; waiting for the campaign`);
    await waitFor(async () => (await campaignStatus(handle.db, campaignId)) === 5, 60 * 60_000, 30_000, () => progress(`${sink.received.toLocaleString()} received`));
    const sendSeconds = (sink.lastAt - sink.firstAt) / 1000;

    const exits = await Promise.all(processes.map((p) => stop(p)));
    processes.length = 0;
    const statuses = await handle.db.execute<{ status: string; n: number }>(sql`select status, count(*)::int as n from deliveries where campaign_id = ${campaignId} group by status`);
    const byStatus = Object.fromEntries(statuses.map((s) => [s.status, Number(s.n)]));
    const duplicateRecipients = [...sink.byRecipient.values()].filter((n) => n > 1).length;
    const duplicateDeliveries = [...sink.byDelivery.values()].filter((n) => n > 1).length;
    const summary = {
      machine: `${os.availableParallelism()} cores (${os.cpus()[0]?.model ?? 'cpu'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, node ${process.version}`,
      date: new Date().toISOString(),
      members: MEMBERS,
      received: sink.received,
      distinctRecipients: sink.byRecipient.size,
      duplicateRecipients,
      duplicateDeliveries,
      deliveries: byStatus,
      sendSeconds: +sendSeconds.toFixed(1),
      sendPerSecond: Math.round(sink.received / sendSeconds),
      sendPerSecondUnderListLoad: Math.round(underLoad),
      listErrors: errors,
      exits: exits.map((e) => e.code ?? e.signal),
      cleanExits: exits.every(cleanExit),
    };
    console.log(`\n${WEBS} web processes, ${WORKERS} workers, ${CONNECTIONS} connections x ${SECONDS} s per list, ${MEMBERS.toLocaleString()}-member campaign sending`);
    console.log('| list | req/s | p50 ms (per web process) | p99 ms, worst (per web process) | max ms | errors + non-2xx | status codes | sent msg/s meanwhile | machine CPU busy |');
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const r of rows) console.log(r);
    console.log(JSON.stringify(summary, null, 2));
    if (errors || duplicateRecipients || duplicateDeliveries || sink.received !== MEMBERS || byStatus.sent !== MEMBERS) process.exitCode = 1;
  } finally {
    await Promise.all(processes.map((p) => stop(p)));
    await sink.close();
    await handle.close();
    if (process.env.BENCH_KEEP === '1') progress(`kept database ${dbName}`);
    else await admin.unsafe(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

/** One merchant with its owner, a location, a template, the members, 300 campaigns for the list, and the campaign (DRAFT). */
async function seed(db: Db): Promise<{ campaignId: number; merchantId: number }> {
  const [merchant] = await db.execute<{ id: number }>(sql`insert into merchants (name, address, subscription_status) values ('Fleet Café', '1 Fleet Road', 'standard') returning id`);
  await db.execute(sql`insert into users (merchant_id, email, name, password_hash, permissions) values (${merchant.id}, ${EMAIL}, 'Fleet owner', ${await hashPassword(PASSWORD)}, '{}'::text[])`);
  const [location] = await db.execute<{ id: number }>(
    sql`insert into locations (merchant_id, name, address, city, state, country, review_link) values (${merchant.id}, 'Fleet Store', '1 Main St', 'Springfield', 'IL', 'US', 'https://g.page/r/fleet/review') returning id`,
  );
  const [template] = await db.execute<{ id: number }>(sql`insert into templates (merchant_id, name, type, subject, content) values (${merchant.id}, 'Fleet', 0, 'Thanks {{firstName}}!', ${TEMPLATE}) returning id`);
  await db.execute(sql`
    insert into contacts (merchant_id, location_id, first_name, last_name, email, email_opt_in, opt_token, locale)
    select ${merchant.id}, ${location.id}, 'Member' || g, 'Fleet', 'member' || g || '@fleet.example', true, md5(g::text || ${crypto.randomUUID()}), 'en-US'
    from generate_series(1, ${MEMBERS}) g`);
  const [snapshot] = await db.execute<{ id: number }>(sql`insert into member_snapshots (merchant_id, location_id, channel, total) values (${merchant.id}, ${location.id}, 0, ${MEMBERS}) returning id`);
  await db.execute(sql`insert into snapshot_members (merchant_id, snapshot_id, contact_id) select ${merchant.id}, ${snapshot.id}, id from contacts where merchant_id = ${merchant.id}`);
  await db.execute(sql`
    insert into campaigns (merchant_id, name, channel, status, location_id, created_at, updated_at)
    select ${merchant.id}, 'Campaign ' || g, g % 2, (array[0, 1, 2, 3, 5])[1 + g % 5], ${location.id}, now() - g * interval '1 hour', now()
    from generate_series(1, 300) g`);
  const [campaign] = await db.execute<{ id: number }>(
    sql`insert into campaigns (merchant_id, name, channel, status, location_id, template_id, snapshot_id, start_time)
        values (${merchant.id}, 'Fleet campaign', 0, 0, ${location.id}, ${template.id}, ${snapshot.id}, null) returning id`,
  );
  await db.execute(sql`vacuum analyze`);
  return { campaignId: campaign.id, merchantId: merchant.id };
}

async function signIn(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: EMAIL, password: PASSWORD }) });
  const body = (await res.json()) as { data?: { accessToken?: string } };
  if (!body.data?.accessToken) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.data.accessToken;
}

async function campaignStatus(db: Db, campaignId: number): Promise<number> {
  const [row] = await db.execute<{ status: number }>(sql`select status from campaigns where id = ${campaignId}`);
  return Number(row.status);
}

async function waitFor(done: () => boolean | Promise<boolean>, withinMs: number, everyMs = 0, onTick?: () => void): Promise<void> {
  const until = Date.now() + withinMs;
  let tick = Date.now();
  while (!(await done())) {
    if (Date.now() > until) throw new Error('timed out');
    if (onTick && everyMs && Date.now() - tick > everyMs) {
      tick = Date.now();
      onTick();
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

function mergeCodes(results: autocannon.Result[]): string {
  const codes = new Map<string, number>();
  for (const r of results) for (const [code, s] of Object.entries(r.statusCodeStats ?? {})) codes.set(code, (codes.get(code) ?? 0) + s.count);
  return [...codes.entries()].map(([code, n]) => `${code}: ${n.toLocaleString()}`).join(', ');
}

/** The machine's busy share of CPU since `before` (/proc/stat: every process, PostgreSQL included). */
function machineCpu() {
  const [, ...ticks] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = ticks;
  return { busy: user + nice + system + irq + softirq + steal, all: user + nice + system + idle + iowait + irq + softirq + steal };
}

function busyShare(before: ReturnType<typeof machineCpu>): string {
  const now = machineCpu();
  return `${Math.round(((now.busy - before.busy) / Math.max(1, now.all - before.all)) * 100)}%`;
}

/** An SMTP server that keeps counts only (100,000 raw messages would be ~300 MB): per recipient, per delivery. */
async function startCountingSink() {
  const state = {
    port: 0,
    received: 0,
    firstAt: 0,
    lastAt: 0,
    byRecipient: new Map<string, number>(),
    byDelivery: new Map<number, number>(),
    close: async () => {},
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 8_192) head += chunk.toString('utf8');
      });
      stream.on('end', () => {
        const now = performance.now();
        if (!state.received) state.firstAt = now;
        state.lastAt = now;
        state.received++;
        for (const r of session.envelope.rcptTo) {
          const to = r.address.toLowerCase();
          state.byRecipient.set(to, (state.byRecipient.get(to) ?? 0) + 1);
        }
        const delivery = Number(/^x-starloop-delivery:\s*(\d+)/im.exec(head)?.[1]);
        if (delivery) state.byDelivery.set(delivery, (state.byDelivery.get(delivery) ?? 0) + 1);
        callback();
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.port = (server.server.address() as AddressInfo).port;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

function progress(message: string) {
  console.error(`[bench] ${new Date().toISOString().slice(11, 19)} ${message}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
