import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { seedAll } from '@/lib/seed/run';
import { rowsOf } from '@/lib/db/rows';

const t = setupTestDatabase();

describe(`demo campaigns (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('seeds campaigns in every state once, with deliveries that add up', async () => {
    await seedAll(t.db);
    await seedAll(t.db);
    const rows = rowsOf<{ status: number; name: string; total_records: number; success_records: number; n: number; sent: number; opened: number }>(
      await t.db.execute(sql`select c.status, c.name, c.total_records, c.success_records,
        (select count(*)::int from deliveries d where d.campaign_id = c.id) as n,
        (select count(*)::int from deliveries d where d.campaign_id = c.id and d.status = 'sent') as sent,
        (select count(*)::int from deliveries d where d.campaign_id = c.id and d.opened_at is not null) as opened
        from campaigns c order by c.status`),
    );
    expect(rows.map((r) => r.status)).toEqual([0, 1, 2, 3, 4, 5]);
    for (const r of rows) {
      expect(r.total_records, r.name).toBe(r.n);
      expect(r.success_records, r.name).toBe(r.sent);
    }
    const sending = rows.find((r) => r.status === 2);
    expect(sending && sending.sent > 0 && sending.sent < sending.n).toBe(true);
    expect(rows.find((r) => r.status === 5)?.opened).toBeGreaterThan(0);
  });
});
