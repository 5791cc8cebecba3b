/**
 * Issue 20 point 5: what each contact, delivery and review costs one PostgreSQL, measured through
 * the app's own write paths (docs/scaling.md reasons from these figures):
 *
 *   1. contacts:  N contacts imported from CSV by the import service (commitImport), in files of 5,000;
 *   2. queue:     one e-mail campaign to all of them, sent through the API (snapshot + deliveries);
 *   3. dispatch:  the dispatcher sends every delivery (a transport that only answers "accepted":
 *                 nothing lands in the local outbox), keeping the content as it does in production;
 *   4. events:    an open for 30 % of the deliveries and a click for 10 % (the tracking endpoints' writes);
 *   5. reviews:   R reviews imported from CSV by the review import service, in files of 5,000.
 *
 * For each phase: rows inserted and updated per table (pg_stat_user_tables; every phase runs on a
 * pool of its own, closed at its end, so the counters are flushed), table+index bytes grown
 * (pg_total_relation_size) and WAL bytes (pg_current_wal_lsn difference: the whole cluster's, so
 * run it on a quiet server; with BENCH_WALDUMP=<pg_wal folder> also this database's own records,
 * summed from pg_waldump).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/storage-per-row.ts [contacts=20000] [reviews=10000]
 *
 * A database of its own, dropped afterwards (BENCH_KEEP=1 keeps it).
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import postgres from 'postgres';
import { installProcessDatabase, openDatabase, type Db } from '@/db/client';
import * as campaignRoot from '@/app/api/campaign/route';
import * as sendRoute from '@/app/api/campaign/[id]/send/route';
import { commitImport } from '@/lib/contacts/import/commit-import';
import { importReviews } from '@/lib/reviews/import';
import { dispatchOnce } from '@/lib/sending/dispatcher';
import { createRateLimiter } from '@/lib/sending/rate-limiter';
import { recordClick, recordOpen } from '@/lib/sending/tracking-events';
import type { SendingTransports } from '@/lib/sending/transports';
import { outboxSmsTransport } from '@/lib/messaging/outbox-transport';
import { callApi } from '@/tests/fixtures/api';
import { createLocation, createMerchant, type TestMerchant } from '@/tests/fixtures/factories';
import { addTemplate } from '@/tests/integration/campaigns-fixtures';
import { startDueScheduledCampaigns } from '@/lib/campaigns/start-scheduled';

const CONTACTS = Number(process.argv[2] ?? 20_000);
const REVIEWS = Number(process.argv[3] ?? 10_000);
const FILE_ROWS = 5_000;

interface TableStat {
  table: string;
  bytes: number;
  inserted: number;
  updated: number;
  deleted: number;
}
interface Snapshot {
  tables: Map<string, TableStat>;
  lsn: string;
}
interface PhaseResult {
  phase: string;
  unit: string;
  units: number;
  seconds: number;
  tables: TableStat[];
  walCluster: number;
  walDatabase: number | null;
}

async function main() {
  process.env.AUTH_SECRET ??= 'bench-secret-bench-secret-bench-secret-0123';
  process.env.LOG_LEVEL ??= 'warn';
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `starloop_bench_rows_${Date.now()}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const [{ oid }] = await admin<{ oid: number }[]>`select oid::int as oid from pg_database where datname = ${dbName}`;
  const observer = postgres(url.toString(), { max: 1, onnotice: () => {} });
  const results: PhaseResult[] = [];
  try {
    // Setup on a pool of its own: migrations, a merchant, a location, a template.
    const setup = await openDatabase({ url: url.toString() });
    const m = await createMerchant(setup.db);
    const locationId = (await createLocation(setup.db, m.merchantId)).id;
    const templateId = (await addTemplate(setup.db, m.merchantId, 0)).id;
    await setup.close();

    const phase = async (name: string, unit: string, units: number, work: (db: Db) => Promise<void>) => {
      await flushStats(observer);
      const before = await snapshot(observer);
      const handle = await openDatabase({ url: url.toString() });
      installProcessDatabase(handle);
      const started = performance.now();
      await work(handle.db);
      const seconds = (performance.now() - started) / 1000;
      await handle.close();
      await flushStats(observer);
      const after = await snapshot(observer);
      const result = compare(name, unit, units, seconds, before, after, oid);
      results.push(result);
      progress(`${name}: ${units} ${unit}s in ${seconds.toFixed(1)} s; ${result.tables.reduce((s, t) => s + t.inserted, 0)} rows inserted, ${mb(result.tables.reduce((s, t) => s + t.bytes, 0))}`);
    };

    await phase('contacts', 'contact', CONTACTS, async (db) => {
      for (let from = 0; from < CONTACTS; from += FILE_ROWS) {
        const rows = Array.from({ length: Math.min(FILE_ROWS, CONTACTS - from) }, (_, i) => contactRow(from + i));
        const csv = ['first name,last name,email,phone,email opt-in,sms opt-in', ...rows].join('\n');
        const summary = await commitImport({ ...m.ctx, db }, { name: 'contacts.csv', bytes: new TextEncoder().encode(csv) }, { columns: ['firstName', 'lastName', 'email', 'phone', 'emailOptIn', 'smsOptIn'], locationId });
        if (summary.created !== rows.length) throw new Error(`import created ${summary.created} of ${rows.length}: ${JSON.stringify(summary.rejected.slice(0, 3))}`);
      }
    });

    let campaignId = 0;
    await phase('queue', 'delivery', CONTACTS, async () => {
      campaignId = await sendCampaign(m, templateId, locationId);
    });

    await phase('dispatch', 'delivery', CONTACTS, async (db) => {
      const transports: SendingTransports = {
        email: { name: 'bench', send: async () => ({ transport: 'bench', messageId: `<${Math.random().toString(36).slice(2)}@bench>` }) },
        sms: outboxSmsTransport,
        emailLimiter: createRateLimiter(0),
        smsLimiter: createRateLimiter(0),
        from: (name) => `"${name}" <campaigns@starloop.example>`,
      };
      for (;;) {
        const report = await dispatchOnce(db, { startDueScheduledCampaigns, transports, baseUrl: 'https://app.starloop.example', batchSize: 500, concurrency: 16, staleAfterMs: 600_000 });
        if (!report.claimed && !report.started) break;
      }
      const [left] = await observer<{ n: number }[]>`select count(*)::int as n from deliveries where campaign_id = ${campaignId} and status <> 'sent'`;
      if (left.n) throw new Error(`${left.n} deliveries not sent`);
    });

    const ids = (await observer<{ id: number }[]>`select id from deliveries where campaign_id = ${campaignId} order by id`).map((r) => r.id);
    const opened = ids.filter((_, i) => i % 10 < 3);
    const clicked = ids.filter((_, i) => i % 10 === 0);
    await phase('events', 'event', opened.length + clicked.length, async (db) => {
      const now = new Date();
      await pool(opened, 8, (id) => recordOpen(db, id, now));
      await pool(clicked, 8, (id) => recordClick(db, id, now));
    });

    await phase('reviews', 'review', REVIEWS, async (db) => {
      for (let from = 0; from < REVIEWS; from += FILE_ROWS) {
        const rows = Array.from({ length: Math.min(FILE_ROWS, REVIEWS - from) }, (_, i) => reviewRow(from + i));
        const csv = ['site,location,reviewer,rating,comment,date,reply,id', ...rows].join('\n');
        const result = await importReviews({ ...m.ctx, db }, { name: 'reviews.csv', bytes: new TextEncoder().encode(csv) });
        if (result.inserted !== rows.length) throw new Error(`review import inserted ${result.inserted} of ${rows.length}: ${JSON.stringify(result.failed.slice(0, 3))}`);
      }
    });

    const [{ total }] = await observer<{ total: string }[]>`select pg_database_size(current_database()) as total`;
    console.log(report(results, Number(total)));
  } finally {
    await observer.end();
    if (process.env.BENCH_KEEP !== '1') await admin.unsafe(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

function contactRow(i: number): string {
  const phone = `+1415${String(2_000_000 + i).padStart(7, '0')}`;
  return `Given${i},Family${i % 997},person${i}@example.com,${phone},yes,yes`;
}

const COMMENTS = ['Great service, friendly staff.', 'Food was fine but the wait was long.', '很好吃，服務也很好！', 'Would come back again with friends and family; parking was easy.', ''];

function reviewRow(i: number): string {
  const day = new Date(Date.UTC(2026, 0, 1) + (i % 300) * 86_400_000).toISOString().slice(0, 10);
  const reply = i % 3 === 0 ? 'Thank you for your visit!' : '';
  return `${['dianping', 'openrice', 'tripadvisor', 'other'][i % 4]},,Reviewer ${i},${1 + (i % 5)},"${COMMENTS[i % COMMENTS.length]}",${day},${reply},bench-${i}`;
}

async function sendCampaign(m: TestMerchant, templateId: number, locationId: number): Promise<number> {
  const draft = await callApi<{ campaignId: number }>(campaignRoot.POST, {
    method: 'POST',
    path: '/campaign',
    token: m.token,
    body: { campaignName: 'Storage bench', campaignChannel: 0, templateId, locationId, sendType: 0, timezone: 'UTC' },
  });
  if (draft.status !== 200) throw new Error(`campaign: ${JSON.stringify(draft.body)}`);
  const id = draft.body.data.campaignId;
  const sent = await callApi(sendRoute.POST, { method: 'POST', path: `/campaign/${id}/send`, token: m.token, params: { id: String(id) } });
  if (sent.status !== 200) throw new Error(`send: ${JSON.stringify(sent.body)}`);
  return id;
}

/** The statistics of the observer's own backend; the phase's pool has exited (flushing its own). */
async function flushStats(db: postgres.Sql): Promise<void> {
  await db`select pg_stat_force_next_flush()`;
  // A closed backend flushes as it exits; give the last ones a moment.
  await new Promise((resolve) => setTimeout(resolve, 300));
  await db`select pg_stat_clear_snapshot()`;
}

async function snapshot(db: postgres.Sql): Promise<Snapshot> {
  const rows = await db<{ table: string; bytes: string; inserted: string; updated: string; deleted: string }[]>`
    select relname as table, pg_total_relation_size(relid) as bytes, n_tup_ins as inserted, n_tup_upd as updated, n_tup_del as deleted
    from pg_stat_user_tables where schemaname = 'public'`;
  const [{ lsn }] = await db<{ lsn: string }[]>`select pg_current_wal_lsn()::text as lsn`;
  return { tables: new Map(rows.map((r) => [r.table, { table: r.table, bytes: Number(r.bytes), inserted: Number(r.inserted), updated: Number(r.updated), deleted: Number(r.deleted) }])), lsn };
}

function compare(phase: string, unit: string, units: number, seconds: number, before: Snapshot, after: Snapshot, dbOid: number): PhaseResult {
  const tables: TableStat[] = [];
  for (const [name, a] of after.tables) {
    const b = before.tables.get(name) ?? { table: name, bytes: 0, inserted: 0, updated: 0, deleted: 0 };
    const d = { table: name, bytes: a.bytes - b.bytes, inserted: a.inserted - b.inserted, updated: a.updated - b.updated, deleted: a.deleted - b.deleted };
    if (d.bytes || d.inserted || d.updated || d.deleted) tables.push(d);
  }
  tables.sort((x, y) => y.bytes - x.bytes);
  return { phase, unit, units, seconds, tables, walCluster: lsnBytes(after.lsn) - lsnBytes(before.lsn), walDatabase: walOfDatabase(before.lsn, after.lsn, dbOid) };
}

function lsnBytes(lsn: string): number {
  const [hi, lo] = lsn.split('/').map((h) => parseInt(h, 16));
  return hi * 2 ** 32 + lo;
}

/** This database's WAL records between two positions (pg_waldump), or null without BENCH_WALDUMP. */
function walOfDatabase(start: string, end: string, dbOid: number): number | null {
  const dir = process.env.BENCH_WALDUMP;
  if (!dir) return null;
  const binary = process.env.BENCH_WALDUMP_BIN ?? '/usr/lib/postgresql/15/bin/pg_waldump';
  let out = '';
  try {
    out = execFileSync(binary, ['-p', dir, '-s', start, '-e', end], { maxBuffer: 1 << 30, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch (error) {
    out = (error as { stdout?: string }).stdout ?? '';
  }
  let bytes = 0;
  const mark = `/${dbOid}/`;
  for (const line of out.split('\n')) {
    if (!line.includes(mark)) continue;
    const len = /len \(rec\/tot\):\s*\d+\/\s*(\d+)/.exec(line);
    if (len) bytes += Number(len[1]);
  }
  return bytes;
}

async function pool<T>(items: T[], width: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) await run(items[next++]);
  }));
}

function report(results: PhaseResult[], databaseBytes: number): string {
  const lines: string[] = [];
  lines.push(`Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}; ${new Date().toISOString()}`);
  lines.push(`${CONTACTS} contacts, ${CONTACTS} deliveries, ${REVIEWS} reviews; database ${mb(databaseBytes)} at the end`, '');
  lines.push('| phase | per | seconds | rows inserted / unit | rows updated / unit | table+index bytes / unit | WAL bytes / unit (cluster) | WAL bytes / unit (this database) |');
  lines.push('|---|---|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    const sum = (k: 'inserted' | 'updated' | 'bytes') => r.tables.reduce((s, t) => s + t[k], 0);
    lines.push(`| ${r.phase} | ${r.unit} | ${r.seconds.toFixed(1)} | ${(sum('inserted') / r.units).toFixed(2)} | ${(sum('updated') / r.units).toFixed(2)} | ${Math.round(sum('bytes') / r.units)} | ${Math.round(r.walCluster / r.units)} | ${r.walDatabase === null ? '-' : Math.round(r.walDatabase / r.units)} |`);
  }
  lines.push('', '| phase | table | rows inserted | rows updated | bytes grown | bytes / unit |', '|---|---|---:|---:|---:|---:|');
  for (const r of results) {
    for (const t of r.tables) lines.push(`| ${r.phase} | ${t.table} | ${t.inserted} | ${t.updated} | ${t.bytes} | ${Math.round(t.bytes / r.units)} |`);
  }
  return lines.join('\n');
}

function mb(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(1)} MB`;
}

function progress(line: string): void {
  console.error(`[bench] ${line}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
