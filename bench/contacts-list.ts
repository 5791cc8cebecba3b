/**
 * Issue 4's list benchmark: 1,000,000 contacts in one merchant and 100,000 in another on
 * PostgreSQL; the first page and a deep page of the list, each with a filter, through the very
 * statements `listContacts` runs. Reports p50/p95 of the database's own execution time (EXPLAIN
 * ANALYZE) per statement and of the whole service call, the backend's CPU time per run (when the
 * server runs on this machine), and prints each plan.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:contacts-list
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { WORK_MEM, openDatabase, type Db } from '@/db/client';
import type { ServiceContext } from '@/lib/context';
import { contactListQueries, listContacts, pageStrategy, type PageStrategy } from '@/lib/contacts/list-contacts';
import { readFileSync } from 'node:fs';
import { listQuery, type ListQuery } from '@/lib/contacts/schema';

const BIG = Number(process.env.BENCH_BIG ?? 1_000_000);
const SMALL = Number(process.env.BENCH_SMALL ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
// BENCH_ONLY=<regex>: only the scenarios whose name matches (a keyword that reads every row takes seconds a run).
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
// BENCH_DB_NAME=<name>: the fresh database's name (kept with BENCH_KEEP=1, measured again with BENCH_REUSE=<name>).
const DB_NAME = process.env.BENCH_DB_NAME;

async function main() {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const fresh = DB_NAME ?? `starloop_bench_contacts_${Date.now()}`;
  const { default: postgres } = await import('postgres');
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  // BENCH_REUSE=<database> measures again on a database an earlier run kept (BENCH_KEEP=1).
  const reuse = process.env.BENCH_REUSE;
  const dbName = reuse ?? fresh;
  if (!reuse) await admin.unsafe(`create database ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const handle = await openDatabase({ url: url.toString() });
  const raw = postgres(url.toString(), { max: 1, onnotice: () => {} });
  // The page statement runs with the list's own sort memory (set per transaction by listContacts).
  await raw.unsafe(`set work_mem = '${WORK_MEM}'`);
  try {
    const t0 = performance.now();
    const big = reuse ? await existingMerchant(handle.db, 'Big chain') : await seedMerchant(handle.db, 'Big chain', 20, BIG);
    const small = reuse ? await existingMerchant(handle.db, 'Small shop') : await seedMerchant(handle.db, 'Small shop', 3, SMALL);
    if (!reuse) {
      await handle.db.execute(sql`vacuum analyze contacts`);
      console.log(`seeded ${BIG.toLocaleString()} + ${SMALL.toLocaleString()} contacts in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
    console.log(`database ${dbName}`);
    const ctx: ServiceContext = { db: handle.db, merchantId: big.merchantId, userId: 0, locale: 'zh-CN', permissions: [], now: () => new Date() };
    const deep = 2_500; // page 2,500 of 20 = rows 49,981-50,000
    const scenarios: [string, Record<string, unknown>][] = [
      ['location, first page', { locationId: big.locationIds[3] }],
      ['location, page 2,500', { locationId: big.locationIds[3], pageNum: deep }],
      ['email opted in, first page', { emailOpt: 'in' }],
      ['email opted in, page 2,500', { emailOpt: 'in', pageNum: deep }],
      ['active in 30 days, first page', { activity: '30d' }],
      ['active in 30 days, page 2,500', { activity: '30d', pageNum: deep }],
      ['location + SMS opted out, first page', { locationId: big.locationIds[5], smsOpt: 'out' }],
      ['no filter, page 2,500', { pageNum: deep }],
      ['type customer + tag VIP, page 100', { type: 'customer', tag: 'VIP', pageNum: 100 }],
      ['type customer + tag VIP, first page', { type: 'customer', tag: 'VIP' }],
      // Issue 22: keyword search (names, e-mail, phone digits; seedMerchant's name pools). "last
      // page" is the deepest page of the matches (page 2,500 when there are 50,000 of them).
      ...keywordScenarios(big.locationIds[3]),
    ];
    const smallCtx: ServiceContext = { ...ctx, merchantId: small.merchantId };
    const results: string[] = [];
    const all: [string, Record<string, unknown>, ServiceContext][] = [
      ...scenarios.map(([n, q]) => [n, q, ctx] as [string, Record<string, unknown>, ServiceContext]),
      ['(merchant with 100,000) location, page 500', { locationId: small.locationIds[1], pageNum: 500 }, smallCtx],
      // A merchant's keyword beside a bigger merchant's rows in the same table (a hosted service).
      ...smallMerchantKeywordScenarios().map(([n, q]) => [n, q, smallCtx] as [string, Record<string, unknown>, ServiceContext]),
    ];
    for (const [name, input, scope] of all) {
      if (ONLY && !ONLY.test(name)) continue;
      const query = listQuery.parse({ pageSize: 20, ...input });
      if (query.pageNum === LAST_PAGE) query.pageNum = await lastPage(scope, query);
      // The page statement listContacts runs: its plan may depend on the count (pageStrategy).
      const strategy = pageStrategy(query, await listContacts(scope, query));
      const page = await timeStatement(raw, scope, query, 'page', strategy);
      const total = await timeStatement(raw, scope, query, 'total', strategy);
      const service: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const s = performance.now();
        await listContacts(scope, query);
        service.push(performance.now() - s);
      }
      const line = `| ${name} | ${fmt(page.p50)} / ${fmt(page.p95)} | ${fmt(total.p50)} / ${fmt(total.p95)} | ${cpuFmt(page.cpu)} / ${cpuFmt(total.cpu)} | ${fmt(pct(service, 50))} / ${fmt(pct(service, 95))} | ${(await listContacts(scope, query)).total.toLocaleString()} |`;
      results.push(line);
      // Also at once: a slow scenario (a keyword no index serves) can take minutes to finish.
      console.log(`\nresult: ${line}`);
      console.log(`\n### ${name}\n\npage statement (${strategy}):\n\`\`\`\n${page.plan}\n\`\`\`\ntotal statement:\n\`\`\`\n${total.plan}\n\`\`\``);
    }
    console.log(`\nmachine: ${os.cpus().length} x ${os.cpus()[0]?.model}, ${Math.round(os.totalmem() / 2 ** 30)} GB; ${new Date().toISOString()}; ${RUNS} runs each; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    console.log('| scenario (merchant with 1,000,000) | page p50 / p95 ms (db) | total p50 / p95 ms (db) | db CPU per run, page / total (ms) | service call p50 / p95 ms | rows matching |');
    console.log('|---|---|---|---|---|---|');
    for (const r of results) console.log(r);
  } finally {
    await raw.end();
    await handle.close();
    if (!process.env.BENCH_KEEP && !reuse) await admin.unsafe(`drop database ${dbName} with (force)`);
    await admin.end();
  }
}

/** Runs the statement under EXPLAIN ANALYZE RUNS times; the database's planning + execution time. */
async function timeStatement(raw: import('postgres').Sql, ctx: ServiceContext, query: ListQuery, which: 'page' | 'total', strategy: PageStrategy) {
  const built = contactListQueries(ctx, query, strategy)[which].toSQL();
  const times: number[] = [];
  let plan = '';
  const [{ pid }] = await raw<{ pid: number }[]>`select pg_backend_pid() as pid`;
  let cpu0 = 0;
  for (let i = 0; i < RUNS + 3; i++) {
    if (i === 3) cpu0 = backendCpuMs(pid);
    const rows = await raw.unsafe(`explain (analyze, buffers) ${built.sql}`, built.params as never[]);
    const lines = rows.map((r) => String((r as Record<string, unknown>)['QUERY PLAN']));
    const ms = lines.filter((l) => /^(Planning|Execution) Time/.test(l)).reduce((sum, l) => sum + Number(l.match(/([\d.]+) ms/)?.[1] ?? 0), 0);
    if (i >= 3) times.push(ms);
    plan = lines.join('\n');
  }
  const cpu = (backendCpuMs(pid) - cpu0) / RUNS;
  return { p50: pct(times, 50), p95: pct(times, 95), plan, cpu };
}

/**
 * CPU time of a PostgreSQL backend on this machine (utime + stime, 10 ms ticks), NaN when the server
 * is elsewhere. Unlike wall time it hardly grows when other work shares the cores, so it is the
 * figure to read on a loaded machine (EXPLAIN ANALYZE's own instrumentation included).
 */
function backendCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

function cpuFmt(ms: number): string {
  return Number.isNaN(ms) ? '-' : ms.toFixed(1);
}

/** pageNum LAST_PAGE: the scenario's deepest page (at most page 2,500), found by an exact count. */
const LAST_PAGE = 999_999;

async function lastPage(ctx: ServiceContext, query: ListQuery): Promise<number> {
  const [{ n }] = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from contacts where ${contactListQueries(ctx, { ...query, pageNum: 1 }).where}`);
  return Math.max(1, Math.min(2_500, Math.ceil(Number(n) / query.pageSize)));
}

function keywordScenarios(locationId: number): [string, Record<string, unknown>][] {
  const shapes: [string, string][] = [
    ['keyword latin name part "ichae"', 'ichae'],
    ['keyword latin rare "okafo"', 'okafo'],
    ['keyword Chinese 2 chars "王芳"', '王芳'],
    ['keyword Chinese 3 chars "欧阳强"', '欧阳强'],
    ['keyword Chinese 3 chars "李秀英"', '李秀英'],
    ['keyword Chinese 1 char "王"', '王'],
    ['keyword latin 2 chars "qz"', 'qz'],
    ['keyword latin 2 chars "ev" (Kevin, Steven)', 'ev'],
    ['keyword latin 2 chars "li" (many)', 'li'],
    ['keyword e-mail part "user12345"', 'user12345'],
    ['keyword e-mail domain "@example"', '@example'],
    ['keyword phone digits "139 0012 34"', '139 0012 34'],
    ['keyword no match "zzqx"', 'zzqx'],
  ];
  const out = shapes.flatMap(([name, keyword]) => firstAndLastPage(name, keyword));
  out.push(['keyword "王芳" + type customer, first page', { keyword: '王芳', type: 'customer' }]);
  out.push(['keyword "王" + location, last page', { keyword: '王', locationId, pageNum: LAST_PAGE }]);
  out.push(['keyword "ichae" + tag VIP, first page', { keyword: 'ichae', tag: 'VIP' }]);
  out.push(['keyword "user12345" + email opted in, first page', { keyword: 'user12345', emailOpt: 'in' }]);
  out.push(['keyword "王" + active in 30 days, first page', { keyword: '王', activity: '30d' }]);
  out.push(['keyword "ev" + location, first page', { keyword: 'ev', locationId }]);
  return out;
}

function smallMerchantKeywordScenarios(): [string, Record<string, unknown>][] {
  const shapes: [string, string][] = [['"ichae"', 'ichae'], ['"王"', '王'], ['"li"', 'li'], ['"user12345"', 'user12345'], ['phone digits "139 0012 34"', '139 0012 34']];
  return shapes.flatMap(([name, keyword]) => firstAndLastPage(`(merchant with 100,000) keyword ${name}`, keyword));
}

function firstAndLastPage(name: string, keyword: string): [string, Record<string, unknown>][] {
  return [
    [`${name}, first page`, { keyword }],
    [`${name}, last page`, { keyword, pageNum: LAST_PAGE }],
  ];
}

// Name pools: 70% Chinese names (24 surnames, 4 of two characters; a given name of one or two of 30
// characters), 30% latin names (40 x 40). Picked by multiplicative hashes of the row number.
const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '高', '林', '罗', '欧阳', '司马', '诸葛', '上官'];
const GIVEN = ['伟', '芳', '娜', '敏', '静', '丽', '强', '磊', '军', '洋', '勇', '艳', '杰', '娟', '涛', '明', '超', '秀', '霞', '平', '刚', '桂', '英', '华', '玉', '兰', '文', '辉', '建', '国'];
const FIRST = ['James', 'Mary', 'Michael', 'Patricia', 'Robert', 'Jennifer', 'John', 'Linda', 'David', 'Elizabeth', 'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Karen', 'Charles', 'Sarah', 'Daniel', 'Lisa', 'Matthew', 'Nancy', 'Anthony', 'Sandra', 'Mark', 'Ashley', 'Donald', 'Emily', 'Steven', 'Michelle', 'Andrew', 'Amanda', 'Kevin', 'Melissa', 'Brian', 'Stephanie', 'Jason', 'Rebecca'];
const LAST = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Okafor'];

const pick = (pool: string[], hash: string) => sql.raw(`(array[${pool.map((v) => `'${v}'`).join(',')}])[1 + (${hash}) % ${pool.length}]`);

async function seedMerchant(db: Db, name: string, locationCount: number, count: number) {
  const [m] = await db.execute<{ id: number }>(sql`insert into merchants (name) values (${name}) returning id`);
  const locs = await db.execute<{ id: number }>(
    sql`insert into locations (merchant_id, name, address, city, state, country)
        select ${m.id}, 'Store ' || g, g || ' Main St', 'City', 'State', 'CN' from generate_series(1, ${locationCount}) g returning id`,
  );
  const ids = locs.map((l) => l.id);
  // Server-side generation in slices of 250,000 (one statement each): realistic spread of
  // locations, consent states, activity over a year and creation over ~2 years.
  for (let from = 1; from <= count; from += 250_000) {
    const to = Math.min(count, from + 249_999);
    await db.execute(sql`
      insert into contacts (merchant_id, location_id, first_name, last_name, email, phone, gender, type,
        email_opt_in, sms_opt_in, opt_token, tags, last_activity_at, created_at, updated_at)
      select ${m.id}, (${JSON.stringify(ids)}::jsonb ->> (g % ${ids.length}))::int,
        case when g % 10 < 7
          then ${pick(GIVEN, 'g::bigint * 40503 / 7')} || case when g % 2 = 0 then ${pick(GIVEN, 'g::bigint * 2654435761 / 13')} else '' end
          else ${pick(FIRST, 'g::bigint * 40503 / 11')} end,
        case when g % 10 < 7 then ${pick(SURNAMES, 'g::bigint * 2246822519 / 17')} else ${pick(LAST, 'g::bigint * 3266489917 / 19')} end,
        'm' || ${m.id} || '.user' || g || '@example.com', '+86139' || lpad(g::text, 8, '0'),
        (array['unknown','male','female','other'])[1 + g % 4], case when g % 5 < 3 then 'customer' else 'leads' end,
        case when g % 10 < 6 then true when g % 10 < 8 then false end,
        case when g % 7 < 4 then true when g % 7 < 6 then false end,
        md5(${m.id}::text || '-' || g::text) || g, case when g % 11 = 0 then array['VIP'] else '{}'::text[] end,
        case when g % 9 = 0 then null else now() - ((g::bigint * 7919) % 365) * interval '1 day' end,
        now() - (${count} - g) * interval '1 minute', now()
      from generate_series(${from}::int, ${to}::int) g`);
  }
  return { merchantId: m.id, locationIds: ids };
}

async function existingMerchant(db: Db, name: string) {
  const [m] = await db.execute<{ id: number }>(sql`select id from merchants where name = ${name}`);
  const locs = await db.execute<{ id: number }>(sql`select id from locations where merchant_id = ${m.id} order by id`);
  return { merchantId: m.id, locationIds: locs.map((l) => l.id) };
}

function pct(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

function fmt(ms: number): string {
  return ms.toFixed(2);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
