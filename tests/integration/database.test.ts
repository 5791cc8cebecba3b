import { sql } from 'drizzle-orm';
import { affectedRowCount } from '@/db/rows';
import { describe, expect, it } from 'vitest';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { seedAll } from '@/lib/seed/run';
import { login } from '@/lib/auth/login';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@/lib/seed/demo-account';

const t = setupTestDatabase();

describe(`database (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('applies every migration', async () => {
    const names = await t.db.execute<{ table_name: string }>(sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`);
    expect(names.map((r) => r.table_name)).toEqual(expect.arrayContaining(['merchants', 'users', 'locations', 'templates', 'refresh_tokens']));
  });

  it('seeds the demo merchant once, with a user who can sign in', async () => {
    await seedAll(t.db);
    await seedAll(t.db);
    const [{ n }] = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from users where email = ${DEMO_EMAIL}`);
    expect(n).toBe(1);
    const result = await login({ db: t.db, locale: 'en-US', now: () => new Date() }, { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    expect(result.user.email).toBe(DEMO_EMAIL);
    expect(result.accessToken.split('.')).toHaveLength(3);
  });

  it('seeds common templates in all three languages', async () => {
    const rows = await t.db.execute<{ locale: string; type: number; n: number }>(sql`select locale, type, count(*)::int as n from templates where merchant_id = 0 group by locale, type order by 1, 2`);
    expect(rows.map((r) => `${r.locale}:${r.type}`)).toEqual(['en-US:0', 'en-US:1', 'zh-CN:0', 'zh-CN:1', 'zh-HK:0', 'zh-HK:1']);
  });

  // db/rows.ts: one row type whichever driver runs, in transactions and savepoints too.
  it('answers raw SQL with the rows, in a transaction and a savepoint as outside', async () => {
    const one = sql`select 1::int as n union all select 2`;
    const expected = [{ n: 1 }, { n: 2 }];
    expect(await t.db.execute<{ n: number }>(one)).toEqual(expected);
    const inside = await t.db.transaction(async (tx) => {
      const nested = await tx.transaction((sp) => sp.execute<{ n: number }>(one));
      return [await tx.execute<{ n: number }>(one), nested];
    });
    expect(inside).toEqual([expected, expected]);
  });

  it('reports how many rows a write touched, in a transaction and a savepoint as outside', async () => {
    await t.db.execute(sql`create table row_count_probe (n int)`);
    const insert = sql`insert into row_count_probe select generate_series(1, 3)`;
    expect(affectedRowCount(await t.db.execute(insert))).toBe(3);
    const inside = await t.db.transaction(async (tx) => {
      const nested = await tx.transaction(async (sp) => affectedRowCount(await sp.execute(sql`update row_count_probe set n = n + 1 where n > 1`)));
      return [affectedRowCount(await tx.execute(insert)), nested, affectedRowCount(await tx.execute(sql`delete from row_count_probe where n = 99`))];
    });
    expect(inside).toEqual([3, 2, 0]);
    expect(affectedRowCount(await t.db.execute(sql`delete from row_count_probe`))).toBe(6);
    await t.db.execute(sql`drop table row_count_probe`);
  });
});
