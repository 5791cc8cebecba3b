import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { formatInTimeZone } from 'date-fns-tz';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createLocation, createMerchant } from '@/tests/fixtures/factories';
import { DEFAULT_TIME_ZONE } from '@/lib/time/format';

/*
 * The dashboard's daily rollups (migration 0028) are kept by the base tables' triggers: after any
 * mix of writes they must equal the same sums taken from the base tables afresh.
 */
const t = setupTestDatabase();

const fresh: Record<string, string> = {
  review_days: `select merchant_id, dashboard_day(create_time) as day, coalesce(location_id, 0) as location_id, site = 'google' as google, rating,
      count(*)::int as reviews, (count(*) filter (where reply_comment is null and rating <= 3))::int as needs_response from reviews group by 1, 2, 3, 4, 5`,
  contact_days: `select merchant_id, dashboard_day(created_at) as day, coalesce(location_id, 0) as location_id, count(*)::int as contacts from contacts group by 1, 2, 3`,
  consent_days: `select e.merchant_id, dashboard_day(e.created_at) as day, coalesce(c.location_id, 0) as location_id, (case e.channel when 'sms' then 1 else 0 end)::smallint as channel,
      (count(*) filter (where e.action = 'optin'))::int as opt_in, (count(*) filter (where e.action = 'optout'))::int as opt_out
      from contact_consent_events e join contacts c on c.id = e.contact_id group by 1, 2, 3, 4`,
  delivery_days: `select merchant_id, dashboard_day(queued_at) as day, campaign_id, channel::smallint as channel,
      (count(*) filter (where status = 'sent'))::int as sent, (count(*) filter (where status = 'failed'))::int as failed
      from deliveries where status in ('sent', 'failed') group by 1, 2, 3, 4`,
  sent_days: `select merchant_id, dashboard_day(sent_at) as day, campaign_id, count(*)::int as sent, min(sent_at) as first_sent_at, max(sent_at) as last_sent_at
      from deliveries where status = 'sent' and sent_at is not null group by 1, 2, 3`,
};
// Rows whose counts all went back to zero stay behind harmlessly; they are not compared.
const nonZero: Record<string, string> = {
  review_days: 'reviews <> 0 or needs_response <> 0',
  contact_days: 'contacts <> 0',
  consent_days: 'opt_in <> 0 or opt_out <> 0',
  delivery_days: 'sent <> 0 or failed <> 0',
  sent_days: 'true',
};

async function expectRollupsMatch() {
  for (const [table, query] of Object.entries(fresh)) {
    const sort = (rows: Record<string, unknown>[]) => rows.map((r) => JSON.stringify(r, Object.keys(r).sort())).sort();
    const kept = await t.db.execute<Record<string, unknown>>(sql.raw(`select * from ${table} where ${nonZero[table]}`));
    const expected = await t.db.execute<Record<string, unknown>>(sql.raw(query));
    expect(sort(kept), table).toEqual(sort(expected));
  }
}

const run = (text: string) => t.db.execute(sql.raw(text));

describe(`dashboard rollups (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('cuts days in the zone of the dashboard periods', async () => {
    for (const iso of ['2026-06-15T15:59:59Z', '2026-06-15T16:00:00Z', '2026-01-01T00:00:00Z']) {
      const [row] = await t.db.execute<{ day: string }>(sql`select dashboard_day(${iso}::timestamptz)::text as day`);
      expect(row.day).toBe(formatInTimeZone(new Date(iso), DEFAULT_TIME_ZONE, 'yyyy-MM-dd'));
    }
    const [start] = await t.db.execute<{ at: string }>(sql`select to_char(dashboard_day_start('2026-06-16') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as at`);
    expect(start.at).toBe(formatInTimeZone(new Date('2026-06-15T16:00:00Z'), 'UTC', "yyyy-MM-dd'T'HH:mm"));
  });

  it('follow every write of the base tables: inserts, replies, moves, sends, failures, deletions', async () => {
    const m = await createMerchant(t.db);
    const other = await createMerchant(t.db);
    const [l1, l2] = [(await createLocation(t.db, m.merchantId, { name: 'A' })).id, (await createLocation(t.db, m.merchantId, { name: 'B' })).id];
    const id = m.merchantId;
    await run(`insert into contacts (merchant_id, location_id, first_name, email, opt_token, created_at)
      select ${id}, case when g % 3 = 0 then null when g % 3 = 1 then ${l1} else ${l2} end, 'C' || g, 'c' || g || '@example.com', 'tok-r-' || g,
        '2026-06-01T00:00:00Z'::timestamptz + g * interval '7 hours' from generate_series(1, 30) g`);
    await run(`insert into contacts (merchant_id, first_name, email, opt_token) values (${other.merchantId}, 'Z', 'z@example.com', 'tok-r-z')`);
    await run(`insert into contact_consent_events (merchant_id, contact_id, channel, action, source, created_at)
      select merchant_id, id, case when id % 2 = 0 then 'email' else 'sms' end, case when id % 3 = 0 then 'optout' else 'optin' end, 'manual', created_at + interval '1 hour' from contacts`);
    await run(`insert into reviews (merchant_id, location_id, site, external_id, reviewer_name, rating, create_time, update_time)
      select ${id}, case when g % 2 = 0 then ${l1} else ${l2} end, case when g % 3 = 0 then 'dianping' else 'google' end, 'r' || g, 'R', 1 + g % 5,
        '2026-06-01T00:00:00Z'::timestamptz + g * interval '5 hours', now() from generate_series(1, 40) g`);
    await run(`insert into campaigns (merchant_id, name, campaign_type, channel, status, location_id) values
      (${id}, 'Ask', 0, 0, 5, ${l1}), (${id}, 'Promo', 1, 1, 5, ${l2})`);
    await run(`insert into deliveries (merchant_id, campaign_id, contact_id, channel, to_address, queued_at)
      select ${id}, cp.id, c.id, cp.channel, 'x', '2026-06-10T15:00:00Z' from contacts c, campaigns cp where c.merchant_id = ${id} and cp.merchant_id = ${id}`);
    await expectRollupsMatch();

    // The dispatcher's path: claimed, then sent in batches over a day boundary, some failing.
    await run(`update deliveries set status = 'sending' where merchant_id = ${id}`);
    await run(`update deliveries set status = 'sent', sent_at = '2026-06-10T15:30:00Z'::timestamptz + (id % 7) * interval '10 minutes' where merchant_id = ${id} and id % 4 <> 0`);
    await run(`update deliveries set status = 'failed', error = 'bounce' where merchant_id = ${id} and id % 4 = 0`);
    await run(`update deliveries set opened_at = now() where merchant_id = ${id} and status = 'sent'`);
    await expectRollupsMatch();
    // A late failure report takes sends back, the day's first and last among them.
    await run(`update deliveries set status = 'failed' where id in (select id from deliveries where merchant_id = ${id} and status = 'sent' order by sent_at limit 3)`);
    await run(`update deliveries set status = 'failed' where id in (select id from deliveries where merchant_id = ${id} and status = 'sent' order by sent_at desc limit 2)`);
    await expectRollupsMatch();

    // Replies, a rating changed by a sync, a review moved, one deleted.
    await run(`update reviews set reply_comment = 'Thanks', reply_time = now() where merchant_id = ${id} and rating <= 2`);
    await run(`update reviews set rating = 5, update_time = now() where merchant_id = ${id} and external_id = 'r3'`);
    await run(`update reviews set location_id = ${l1} where merchant_id = ${id} and external_id = 'r5'`);
    await run(`delete from reviews where merchant_id = ${id} and external_id = 'r7'`);
    await run(`update reviews set update_time = now() where merchant_id = ${id}`);
    await expectRollupsMatch();

    // Contacts move (their consent history with them), are edited, are deleted with their history.
    await run(`update contacts set location_id = ${l2} where merchant_id = ${id} and location_id = ${l1} and id % 2 = 0`);
    await run(`update contacts set first_name = 'Renamed' where merchant_id = ${id}`);
    await run(`delete from contacts where merchant_id = ${id} and id % 5 = 0`);
    await run(`delete from contact_consent_events where merchant_id = ${id} and id % 4 = 0`);
    await expectRollupsMatch();

    // A location's deletion leaves its contacts and reviews without one; a campaign's deletion takes its deliveries.
    await run(`delete from campaigns where merchant_id = ${id} and name = 'Promo'`);
    await run(`delete from locations where id = ${l2}`);
    await expectRollupsMatch();

    // A merchant's deletion leaves nothing behind, and another merchant's rows stay.
    await run(`delete from merchants where id = ${id}`);
    await expectRollupsMatch();
    for (const table of Object.keys(fresh)) {
      const [row] = await t.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table} where merchant_id = ${id}`));
      expect(row.n, table).toBe(0);
    }
    const [kept] = await t.db.execute<{ n: number }>(sql.raw(`select coalesce(sum(contacts), 0)::int as n from contact_days where merchant_id = ${other.merchantId}`));
    expect(kept.n).toBe(1);
  });
});
