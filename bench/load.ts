/**
 * Issue 11's load benchmark: autocannon against a production build (`next start`) on PostgreSQL,
 * with one merchant holding 1,000,000 contacts (seeded server-side with generate_series) and 300
 * campaigns. 50 connections for 30 s each on the contacts list API, the campaign list API and
 * login (right password: bounded by argon2; wrong password: the rate limit answers 429, expected).
 *
 *   NEXT_DIST_DIR=.next-load npx next build
 *   NEXT_DIST_DIR=.next-load npm run bench:load
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server; the
 * run creates the database load_db (BENCH_DB) and keeps it for re-runs (BENCH_RESEED=1 rebuilds it,
 * BENCH_DROP=1 drops it at the end). BENCH_PORT (default 3302), BENCH_SECONDS (30),
 * BENCH_CONNECTIONS (50), BENCH_CONTACTS (1,000,000), BENCH_PROCESSES (server processes, default 1),
 * BENCH_ONLY (comma-separated words: only the runs whose name contains one, e.g. `contacts,campaign`),
 * BENCH_SERVER_NODE_OPTIONS (NODE_OPTIONS of the server processes, e.g. `--max-semi-space-size=32`),
 * BENCH_SERVER_NODE_ARGS (node flags of the server processes, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '@/db/client';
import { hashPassword } from '@/lib/auth/password';

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 1_000_000);
const PORT = Number(process.env.BENCH_PORT ?? 3302);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DB_NAME = process.env.BENCH_DB ?? 'load_db';
const EMAIL = 'load-owner@example.com';
const PASSWORD = 'load-bench-password-1';

async function main() {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const { default: postgres } = await import('postgres');
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const url = new URL(adminUrl);
  url.pathname = `/${DB_NAME}`;
  const exists = (await admin`select 1 from pg_database where datname = ${DB_NAME}`).length > 0;
  if (exists && process.env.BENCH_RESEED) await admin.unsafe(`drop database "${DB_NAME}" with (force)`);
  if (!exists || process.env.BENCH_RESEED) await admin.unsafe(`create database "${DB_NAME}"`);
  const handle = await openDatabase({ url: url.toString() });
  let server: ChildProcess | undefined;
  try {
    const [seeded] = await handle.db.execute<{ n: number }>(sql`select count(*)::int as n from users where email = ${EMAIL}`);
    if (!seeded.n) {
      const t0 = performance.now();
      await seed(handle.db);
      console.log(`seeded ${CONTACTS.toLocaleString()} contacts in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
    // Each run starts with an empty rate-limit table (the wrong-password run fills it).
    await handle.db.execute(sql`delete from rate_limit_hits`);

    server = startServer(url.toString());
    await waitForServer();
    const token = await signIn();
    const auth = { authorization: `Bearer ${token}`, 'accept-language': 'en-US' };
    const allRuns: [string, autocannon.Options][] = [
      ['contacts list (GET /api/member, page 1 of 20)', { url: `http://127.0.0.1:${PORT}/api/member?pageNum=1&pageSize=20`, headers: auth }],
      ['contacts list, page 500 (GET /api/member)', { url: `http://127.0.0.1:${PORT}/api/member?pageNum=500&pageSize=20`, headers: auth }],
      ['campaign list (GET /api/campaign, page 1 of 20)', { url: `http://127.0.0.1:${PORT}/api/campaign?pageNum=1&pageSize=20`, headers: auth }],
      ['login, right password (POST /api/user/login)', loginRequest(PASSWORD)],
      ['login, wrong password (POST /api/user/login)', loginRequest('not-the-password')],
    ];
    // BENCH_ONLY=contacts,campaign: only the runs whose name contains one of the words.
    const only = process.env.BENCH_ONLY?.split(',').map((w) => w.trim()).filter(Boolean);
    const runs = only ? allRuns.filter(([name]) => only.some((w) => name.includes(w))) : allRuns;
    const lines: string[] = [];
    for (const [name, options] of runs) {
      const load = os.loadavg()[0];
      const cpu0 = serverCpuMs(server);
      const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
      const cpuPerRequest = (serverCpuMs(server) - cpu0) / Math.max(1, result.requests.total);
      const codes = Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => `${code}: ${s.count.toLocaleString()}`).join(', ');
      const line = `| ${name} | ${Math.round(result.requests.average).toLocaleString()} | ${result.latency.p50} | ${result.latency.p99} | ${result.latency.max} | ${result.errors + result.timeouts} | ${codes} | ${cpuPerRequest.toFixed(1)} | ${load.toFixed(1)} → ${os.loadavg()[0].toFixed(1)} |`;
      console.log(line);
      lines.push(line);
      await handle.db.execute(sql`delete from rate_limit_hits`);
    }
    console.log(`\nmachine: ${os.cpus().length} x ${os.cpus()[0]?.model}, ${Math.round(os.totalmem() / 2 ** 30)} GB; ${new Date().toISOString()}; ${CONNECTIONS} connections x ${SECONDS} s each`);
    console.log('| endpoint | req/s | p50 ms | p99 ms | max ms | errors (socket/timeouts) | status codes | server CPU ms / request | load average (1 min) before → after |');
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const l of lines) console.log(l);
  } finally {
    const child = server;
    if (child) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    await handle.close();
    if (process.env.BENCH_DROP) await admin.unsafe(`drop database "${DB_NAME}" with (force)`);
    await admin.end();
  }
}

/** CPU time (user + system) the server process and its children used so far, from /proc. */
function serverCpuMs(child: ChildProcess): number {
  const pids = [child.pid, ...childPids(child.pid)];
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone
    }
  }
  return (ticks * 1000) / 100;
}

function childPids(pid: number | undefined): number[] {
  if (!pid) return [];
  try {
    const direct = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    return direct.flatMap((c) => [c, ...childPids(c)]);
  } catch {
    return [];
  }
}

function loginRequest(password: string): autocannon.Options {
  return {
    url: `http://127.0.0.1:${PORT}/api/user/login`,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
    body: JSON.stringify({ email: EMAIL, password }),
  };
}

function startServer(databaseUrl: string): ChildProcess {
  // `npm start`'s own launcher: BENCH_PROCESSES server processes (WEB_CONCURRENCY) on one port.
  const serve = path.join(process.cwd(), 'scripts', 'serve.mjs');
  // BENCH_SERVER_NODE_ARGS: node flags NODE_OPTIONS refuses (--cpu-prof); cluster workers inherit them.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  return spawn(process.execPath, [...nodeArgs, serve, '-H', '127.0.0.1', '-p', String(PORT)], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      DATABASE_URL: databaseUrl,
      // No campaign is sending; keep the inline dispatcher out of the measurement.
      DISPATCHER: 'off',
      WEB_CONCURRENCY: process.env.BENCH_PROCESSES ?? '1',
      AUTH_SECRET: process.env.AUTH_SECRET ?? 'load-bench-secret-load-bench-secret-0123456789',
      AUTH_URL: `http://127.0.0.1:${PORT}`,
      // The production start checks want a public address and a mail transport.
      APP_URL: process.env.APP_URL ?? `http://127.0.0.1:${PORT}`,
      MAIL_TRANSPORT: process.env.MAIL_TRANSPORT ?? 'outbox',
      // Node options of the server processes only (--cpu-prof, heap sizes), not of this script.
      NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS ?? '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitForServer() {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${PORT}/api/campaign`);
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not start');
}

async function signIn(): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${PORT}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: EMAIL, password: PASSWORD }) });
  const body = (await res.json()) as { data?: { accessToken?: string } };
  if (!body.data?.accessToken) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.data.accessToken;
}

/** One merchant, 20 locations, 1,000,000 contacts (as bench/contacts-list.ts), 300 campaigns. */
async function seed(db: Db) {
  const [m] = await db.execute<{ id: number }>(sql`insert into merchants (name, address, subscription_status) values ('Load chain', '1 Load Road', 'standard') returning id`);
  await db.execute(sql`insert into users (merchant_id, email, name, password_hash, permissions) values (${m.id}, ${EMAIL}, 'Load owner', ${await hashPassword(PASSWORD)}, '{}'::text[])`);
  const locs = await db.execute<{ id: number }>(
    sql`insert into locations (merchant_id, name, address, city, state, country)
        select ${m.id}, 'Store ' || g, g || ' Main St', 'City', 'State', 'CN' from generate_series(1, 20) g returning id`,
  );
  const ids = locs.map((l) => l.id);
  for (let from = 1; from <= CONTACTS; from += 250_000) {
    const to = Math.min(CONTACTS, from + 249_999);
    await db.execute(sql`
      insert into contacts (merchant_id, location_id, first_name, last_name, email, phone, gender, type,
        email_opt_in, sms_opt_in, opt_token, tags, last_activity_at, created_at, updated_at)
      select ${m.id}, (${JSON.stringify(ids)}::jsonb ->> (g % ${ids.length}))::int,
        'First' || g, 'Last' || g, 'm' || ${m.id} || '.user' || g || '@example.com', '+86139' || lpad(g::text, 8, '0'),
        (array['unknown','male','female','other'])[1 + g % 4], case when g % 5 < 3 then 'customer' else 'leads' end,
        case when g % 10 < 6 then true when g % 10 < 8 then false end,
        case when g % 7 < 4 then true when g % 7 < 6 then false end,
        md5(${m.id}::text || '-' || g::text) || g, case when g % 11 = 0 then array['VIP'] else '{}'::text[] end,
        case when g % 9 = 0 then null else now() - ((g::bigint * 7919) % 365) * interval '1 day' end,
        now() - (${CONTACTS} - g) * interval '1 minute', now()
      from generate_series(${from}::int, ${to}::int) g`);
  }
  await db.execute(sql`
    insert into campaigns (merchant_id, name, channel, status, location_id, created_at, updated_at)
    select ${m.id}, 'Campaign ' || g, g % 2, (array[0, 1, 2, 3, 5])[1 + g % 5], ${ids[0]}, now() - g * interval '1 hour', now()
    from generate_series(1, 300) g`);
  await db.execute(sql`vacuum analyze`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
