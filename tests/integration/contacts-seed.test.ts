import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { seedAll } from '@/lib/seed/run';

const t = setupTestDatabase();

describe(`contacts demo data (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('seeds ~120 realistic contacts with consent history, once', async () => {
    await seedAll(t.db);
    await seedAll(t.db);
    const [stats] = await t.db.execute<{ n: number; hk: number; cn: number; optout: number; locations: number; events: number }>(
      sql`select count(*)::int as n,
            count(*) filter (where phone like '+852%')::int as hk,
            count(*) filter (where phone like '+86%')::int as cn,
            count(*) filter (where email_opt_in = false or sms_opt_in = false)::int as optout,
            count(distinct location_id)::int as locations,
            (select count(*)::int from contact_consent_events) as events
          from contacts`,
    );
    expect(stats.n).toBe(120);
    expect(stats.hk).toBeGreaterThan(5);
    expect(stats.cn).toBeGreaterThan(30);
    expect(stats.optout).toBeGreaterThan(5);
    expect(stats.locations).toBeGreaterThanOrEqual(2);
    expect(stats.events).toBeGreaterThan(100);
  });
});
