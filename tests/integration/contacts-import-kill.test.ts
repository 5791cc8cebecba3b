import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createMerchant, type TestMerchant } from '@/tests/fixtures/factories';
import { commitImport } from '@/lib/contacts/import/commit-import';
import { IMPORT_CHILD_MAPPING, importChildWorkbook } from '@/tests/fixtures/import-child';
import { until } from '@/tests/fixtures/until';

/**
 * A contacts import is one transaction however many chunks it writes (issue 22's chunked import).
 * Here its process is killed with SIGKILL once PostgreSQL has taken writes from it: nothing of the
 * file may remain (no contact, no consent event, no field definition), no lock may stay held, and
 * the same file imported again afterwards must create every contact. A separate process needs
 * PostgreSQL (PGlite is one process's database), so this runs in CI's PostgreSQL pass.
 */
const t = setupTestDatabase();
const ROWS = 20_000;
const APP_NAME = `starloop-import-kill-${process.pid}`;

async function written(m: TestMerchant) {
  const [row] = await t.db.execute<{ contacts: number; events: number; fields: number }>(sql`
    select (select count(*)::int from contacts where merchant_id = ${m.merchantId}) as contacts,
           (select count(*)::int from contact_consent_events where merchant_id = ${m.merchantId}) as events,
           (select count(*)::int from contact_field_definitions where merchant_id = ${m.merchantId}) as fields`);
  return row;
}

describe.runIf(process.env.DATABASE_URL)('a contacts import killed mid-way (SIGKILL)', () => {
  it('leaves nothing of the file, holds no lock, and the file imports whole afterwards', async () => {
    const m = await createMerchant(t.db);
    // Node itself with tsx as a loader: tsx's CLI would run the import in a grandchild the kill misses.
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/fixtures/import-child.ts'], {
      cwd: process.cwd(),
      env: { ...process.env, DATABASE_URL: t.url, PGAPPNAME: APP_NAME, MERCHANT_ID: String(m.merchantId), USER_ID: String(m.userId), IMPORT_ROWS: String(ROWS), IMPORT_CHUNK_ROWS: '500' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exit = new Promise<NodeJS.Signals | number | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
    try {
      // Its transaction has an id once it wrote a row: then the kill lands mid-import.
      const backend = await until(
        'the import to write',
        async () => (await t.db.execute<{ pid: number }>(sql`select pid from pg_stat_activity where application_name = ${APP_NAME} and backend_xid is not null`))[0],
        { timeoutMs: 60_000, everyMs: 10 },
      );
      child.kill('SIGKILL');
      expect(await exit).toBe('SIGKILL');
      expect(output).not.toContain('done');
      // PostgreSQL ends the backend once it finds the client gone, rolling its transaction back.
      await until('the killed import\'s backend to end', async () => (await t.db.execute(sql`select 1 from pg_stat_activity where pid = ${backend.pid}`)).length === 0);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    expect(await written(m)).toEqual({ contacts: 0, events: 0, fields: 0 });
    const [{ locks }] = await t.db.execute<{ locks: number }>(sql`select count(*)::int as locks from pg_locks l join pg_stat_activity a using (pid) where a.application_name = ${APP_NAME}`);
    expect(locks).toBe(0);

    const summary = await commitImport(m.ctx, { name: 'contacts.xlsx', bytes: await importChildWorkbook(ROWS) }, IMPORT_CHILD_MAPPING, { chunkRows: 5_000 });
    expect(summary).toMatchObject({ total: ROWS, created: ROWS, skipped: 0 });
    expect((await written(m)).contacts).toBe(ROWS);
  }, 180_000);
});
