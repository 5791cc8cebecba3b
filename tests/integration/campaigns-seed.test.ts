import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { seedAll } from '@/lib/seed/run';
import { claimDueDeliveries } from '@/lib/sending/claim';

const t = setupTestDatabase();

describe(`demo campaigns (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('seeds campaigns in every state once, with deliveries that add up', async () => {
    await seedAll(t.db);
    await seedAll(t.db);
    const rows = await t.db.execute<{ status: number; name: string; total_records: number; success_records: number; n: number; sent: number; opened: number }>(sql`select c.status, c.name, c.total_records, c.success_records,
        (select count(*)::int from deliveries d where d.campaign_id = c.id) as n,
        (select count(*)::int from deliveries d where d.campaign_id = c.id and d.status = 'sent') as sent,
        (select count(*)::int from deliveries d where d.campaign_id = c.id and d.opened_at is not null) as opened
        from campaigns c order by c.status`);
    expect(rows.map((r) => r.status)).toEqual([0, 1, 3, 3, 4, 5]);
    for (const r of rows) {
      expect(r.total_records, r.name).toBe(r.n);
      expect(r.success_records, r.name).toBe(r.sent);
    }
    const partWay = rows.find((r) => r.status === 3 && r.n > 0);
    expect(partWay && partWay.sent > 0 && partWay.sent < partWay.n).toBe(true);
    expect(rows.find((r) => r.status === 5)?.opened).toBeGreaterThan(0);
  });

  it('pins a template version for every campaign past draft and keeps what each sent message said', async () => {
    await seedAll(t.db);
    const pins = await t.db.execute<{ status: number; pinned: boolean }>(sql`select c.status, exists (select 1 from template_versions v where v.template_id = c.template_id and v.version = c.template_version) as pinned from campaigns c order by c.status`);
    expect(pins.map((p) => [p.status, p.pinned])).toEqual([[0, false], [1, true], [3, true], [3, true], [4, true], [5, true]]);
    const [kept] = await t.db.execute<{ sent: number; kept: number; contents: number; with_name: number }>(sql`select count(*)::int as sent,
          (count(*) filter (where m.hash is not null and d.template_version is not null))::int as kept,
          count(distinct m.hash)::int as contents,
          (count(*) filter (where m.text like '%' || k.first_name || '%'))::int as with_name
        from deliveries d join contacts k on k.id = d.contact_id left join message_contents m on m.hash = d.content_hash and m.merchant_id = d.merchant_id
        where d.status = 'sent'`);
    expect(kept.sent).toBeGreaterThan(0);
    expect(kept.kept).toBe(kept.sent);
    // Rendered per member: their names are in the text.
    expect(kept.with_name).toBe(kept.sent);
    // Identical renders share one row: a member sent the same version by two campaigns.
    const [pairs] = await t.db.execute<{ n: number }>(sql`select count(distinct (d.contact_id, c.template_id, d.template_version))::int as n from deliveries d join campaigns c on c.id = d.campaign_id where d.status = 'sent'`);
    expect(kept.contents).toBe(pairs.n);
  });

  it('leaves no work for a worker: nothing is due, today or in a day', async () => {
    await seedAll(t.db);
    // A worker started on the demo database sent the queued part of a demo request to the demo
    // contacts; a day ahead covers any delivery window.
    expect(await claimDueDeliveries(t.db, new Date(Date.now() + 86_400_000), 100)).toEqual([]);
  });
});
