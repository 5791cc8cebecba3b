/**
 * Issue 4's import benchmark: a ~2 MB .xlsx of ~40,000 contacts, end to end (parse with
 * lib/spreadsheet/read-xlsx.ts, validate, merge, one transaction) into an empty merchant, against
 * PostgreSQL's own COPY of the same rows into the same table. Also the same import on PGlite, the
 * CPU time of Node and of the PostgreSQL backends (the figure to read on a loaded machine), and
 * exceljs's parse of the same file (the reader the import used before) for comparison.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:contacts-import
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { openPglite, migrateDatabase, type Db } from '@/db/client';
import type { ServiceContext } from '@/lib/context';
import { commitImport } from '@/lib/contacts/import/commit-import';
import { guessColumns } from '@/lib/contacts/import/columns';
import { parseSpreadsheet } from '@/lib/contacts/import/parse-file';
import { readRow } from '@/lib/contacts/import/row-values';
import { newOptToken } from '@/lib/contacts/opt-token';
import { scratchDatabase } from './scratch-database';

const ROWS = Number(process.env.BENCH_ROWS ?? 40_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const FAMILY = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周'];
const GIVEN = ['伟', '芳', '娜', '敏', '静', '丽', '强', '磊', '洋', '艳', '晓明', '子涵'];

async function main() {
  const bytes = await buildWorkbook(ROWS);
  console.log(`workbook: ${ROWS.toLocaleString()} rows, ${(bytes.byteLength / 1024 / 1024).toFixed(2)} MB`);
  const file = { name: 'members.xlsx', bytes };

  const p0 = performance.now();
  const cpu0 = process.cpuUsage();
  const sheet = await parseSpreadsheet(file.name, bytes);
  const parseMs = performance.now() - p0;
  const parseCpu = process.cpuUsage(cpu0);
  const e0 = process.cpuUsage();
  await new ExcelJS.Workbook().xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  const exceljsCpu = process.cpuUsage(e0);
  // 会员卡号 and 生日 are kept as custom fields, as a merchant would choose in the match step.
  const columns = guessColumns(sheet.headers).map((c, i) => (i >= 8 ? 'custom' : c));

  const { default: postgres } = await import('postgres');
  const { admin, dbName, url, handle } = await scratchDatabase('starloop_bench_import');
  const raw = postgres(url, { max: 1, onnotice: () => {} });
  const lines: string[] = [];
  try {
    const runs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const ctx = await merchantCtx(handle.db, `Import ${i}`);
      const backends = await handle.db.execute<{ pid: number }>(sql`select pid from pg_stat_activity where datname = current_database()`);
      const b0 = backends.reduce((sum, b) => sum + backendCpuMs(b.pid), 0);
      const n0 = process.cpuUsage();
      const t = performance.now();
      const summary = await commitImport(ctx, file, { columns, locationId: null });
      runs.push(performance.now() - t);
      const node = process.cpuUsage(n0);
      const db = backends.reduce((sum, b) => sum + backendCpuMs(b.pid), 0) - b0;
      console.log(`run ${i + 1}: ${fmt(runs[i])} ms wall; CPU: Node ${fmt((node.user + node.system) / 1000)} ms, PostgreSQL ${fmt(db)} ms`);
      if (i === 0) console.log(`summary: created ${summary.created}, skipped ${summary.skipped}`);
    }
    // The same rows, already parsed and normalised, through COPY (PostgreSQL's fastest path).
    const copies: number[] = [];
    const [{ pid: copyPid }] = await raw<{ pid: number }[]>`select pg_backend_pid() as pid`;
    for (let i = 0; i < RUNS; i++) {
      const ctx = await merchantCtx(handle.db, `Copy ${i}`);
      const tsv = sheet.rows
        .map((r) => readRow(r.cells, columns, sheet.headers, 'zh-CN'))
        .filter((r) => r.ok)
        .map((r) => (r.ok ? [ctx.merchantId, r.values.firstName ?? '', r.values.lastName ?? '', r.values.email ?? '\\N', r.values.phone ?? '\\N', r.values.gender ?? 'unknown', `{${r.values.tags.join(',')}}`, r.values.emailOptIn === null ? '\\N' : String(r.values.emailOptIn), newOptToken()].join('\t') : ''))
        .join('\n');
      const c0 = backendCpuMs(copyPid);
      const t = performance.now();
      const stream = await raw`copy contacts (merchant_id, first_name, last_name, email, phone, gender, tags, email_opt_in, opt_token) from stdin`.writable();
      await pipeline(Readable.from([tsv + '\n']), stream);
      copies.push(performance.now() - t);
      console.log(`COPY ${i + 1}: ${fmt(copies[i])} ms wall; PostgreSQL CPU ${fmt(backendCpuMs(copyPid) - c0)} ms`);
    }
    const pg = Math.min(...runs);
    const copy = Math.min(...copies);
    lines.push(`| PostgreSQL 15 (127.0.0.1) | ${fmt(pg)} | ${runs.map(fmt).join(', ')} | ${fmt(copy)} | ${(pg / copy).toFixed(1)}x |`);
  } finally {
    await raw.end();
    await handle.close();
    await admin.unsafe(`drop database ${dbName} with (force)`);
    await admin.end();
  }

  const lite = await openPglite(null);
  await migrateDatabase(lite);
  try {
    const runs: number[] = [];
    for (let i = 0; i < Math.min(2, RUNS); i++) {
      const ctx = await merchantCtx(lite.db, `Lite ${i}`);
      const t = performance.now();
      await commitImport(ctx, file, { columns, locationId: null });
      runs.push(performance.now() - t);
    }
    lines.push(`| PGlite (in memory) | ${fmt(Math.min(...runs))} | ${runs.map(fmt).join(', ')} | - | - |`);
  } finally {
    await lite.close();
  }
  console.log(`\nmachine: ${os.cpus().length} x ${os.cpus()[0]?.model}, ${Math.round(os.totalmem() / 2 ** 30)} GB; ${new Date().toISOString()}`);
  console.log(`parse only (lib/spreadsheet, ${ROWS.toLocaleString()} rows): ${fmt(parseMs)} ms wall, ${fmt((parseCpu.user + parseCpu.system) / 1000)} ms CPU; exceljs load of the same file: ${fmt((exceljsCpu.user + exceljsCpu.system) / 1000)} ms CPU; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log('| database | end to end, best (ms) | runs (ms) | COPY of the same rows (ms) | import / COPY |');
  console.log('|---|---|---|---|---|');
  for (const l of lines) console.log(l);
}

async function merchantCtx(db: Db, name: string): Promise<ServiceContext> {
  const [m] = await db.execute<{ id: number }>(sql`insert into merchants (name) values (${name}) returning id`);
  return { db, merchantId: m.id, userId: 0, locale: 'zh-CN', permissions: [], now: () => new Date() };
}

/** A realistic member sheet with Chinese headers, as a shop's POS or CRM exports it. */
async function buildWorkbook(rows: number): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('会员');
  sheet.addRow(['姓名', '手机', '邮箱', '性别', '类型', '标签', '邮件订阅', '短信订阅', '会员卡号', '生日']);
  for (let i = 0; i < rows; i++) {
    sheet.addRow([
      FAMILY[i % FAMILY.length] + GIVEN[(i * 7) % GIVEN.length],
      `+86 139 ${String(i).padStart(8, '0').replace(/(\d{4})(\d{4})/, '$1 $2')}`,
      `member${i}@example.com`,
      i % 3 === 0 ? '男' : '女',
      i % 3 === 0 ? '客户' : '潜在客户',
      i % 5 === 0 ? 'VIP,常客' : '',
      i % 4 === 0 ? '否' : '是',
      i % 6 === 0 ? '' : i % 6 === 1 ? '否' : '是',
      `ML${String(100000 + i * 37)}`,
      `${1 + (i % 12)}月${1 + (i % 28)}日`,
    ]);
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** CPU time (utime + stime, 10 ms ticks) of a PostgreSQL backend on this machine; 0 when not readable. */
function backendCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

function fmt(ms: number): string {
  return ms.toFixed(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
