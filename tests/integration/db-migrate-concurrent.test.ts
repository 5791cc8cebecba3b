import crypto from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from '@/db/client';
import { withDatabase } from '@/tests/fixtures/global-setup';

// Server processes started together (WEB_CONCURRENCY=2, scripts/serve.mjs) each migrate the same
// empty database at once: they take turns through an advisory lock instead of failing.
describe.runIf(process.env.DATABASE_URL)('migrations started by several processes at once', () => {
  it('run once, and every process comes up on the migrated database', async () => {
    const config = inject('testDatabase');
    if (config.kind !== 'postgres') return;
    const name = `migrate_race_${crypto.randomBytes(4).toString('hex')}`;
    const { default: postgres } = await import('postgres');
    const admin = postgres(config.url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE "${name}"`);
    try {
      const url = withDatabase(config.url, name);
      const handles = await Promise.all([openDatabase({ url }), openDatabase({ url }), openDatabase({ url })]);
      try {
        const [{ n }] = await handles[0].db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
        const [{ files }] = await handles[1].db.execute<{ files: number }>(sql`select count(*)::int as files from information_schema.tables where table_name = 'deliveries'`);
        expect(n).toBeGreaterThan(10);
        expect(files).toBe(1);
      } finally {
        await Promise.all(handles.map((h) => h.close()));
      }
    } finally {
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  }, 120_000);
});
