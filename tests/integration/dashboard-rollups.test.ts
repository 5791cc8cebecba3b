import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { formatInTimeZone } from 'date-fns-tz';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createLocation, createMerchant } from '@/tests/fixtures/factories';
import { expectRollupsMatch, rollupTables } from '@/tests/fixtures/rollup-truth';
import { DEFAULT_TIME_ZONE } from '@/lib/time/format';
import * as importContacts from '@/app/api/member/import/route';
import { csvOf, upload } from './contacts-helpers';

/*
 * The dashboard's daily rollups (migration 0028) are kept by the base tables' triggers: after any
 * mix of writes they must equal the same sums taken from the base tables afresh.
 */
const t = setupTestDatabase();

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
    await expectRollupsMatch(t.db);

    // The dispatcher's path: claimed, then sent in batches over a day boundary, some failing.
    await run(`update deliveries set status = 'sending' where merchant_id = ${id}`);
    await run(`update deliveries set status = 'sent', sent_at = '2026-06-10T15:30:00Z'::timestamptz + (id % 7) * interval '10 minutes' where merchant_id = ${id} and id % 4 <> 0`);
    await run(`update deliveries set status = 'failed', error = 'bounce' where merchant_id = ${id} and id % 4 = 0`);
    await run(`update deliveries set opened_at = now() where merchant_id = ${id} and status = 'sent'`);
    await expectRollupsMatch(t.db);
    // A late failure report takes sends back, the day's first and last among them.
    await run(`update deliveries set status = 'failed' where id in (select id from deliveries where merchant_id = ${id} and status = 'sent' order by sent_at limit 3)`);
    await run(`update deliveries set status = 'failed' where id in (select id from deliveries where merchant_id = ${id} and status = 'sent' order by sent_at desc limit 2)`);
    await expectRollupsMatch(t.db);

    // Replies, a rating changed by a sync, a review moved, one deleted.
    await run(`update reviews set reply_comment = 'Thanks', reply_time = now() where merchant_id = ${id} and rating <= 2`);
    await run(`update reviews set rating = 5, update_time = now() where merchant_id = ${id} and external_id = 'r3'`);
    await run(`update reviews set location_id = ${l1} where merchant_id = ${id} and external_id = 'r5'`);
    await run(`delete from reviews where merchant_id = ${id} and external_id = 'r7'`);
    await run(`update reviews set update_time = now() where merchant_id = ${id}`);
    await expectRollupsMatch(t.db);

    // Contacts move (their consent history with them), are edited, are deleted with their history.
    await run(`update contacts set location_id = ${l2} where merchant_id = ${id} and location_id = ${l1} and id % 2 = 0`);
    await run(`update contacts set first_name = 'Renamed' where merchant_id = ${id}`);
    await run(`delete from contacts where merchant_id = ${id} and id % 5 = 0`);
    await run(`delete from contact_consent_events where merchant_id = ${id} and id % 4 = 0`);
    await expectRollupsMatch(t.db);

    // A location's deletion leaves its contacts and reviews without one; a campaign's deletion takes its deliveries.
    await run(`delete from campaigns where merchant_id = ${id} and name = 'Promo'`);
    await run(`delete from locations where id = ${l2}`);
    await expectRollupsMatch(t.db);

    // A merchant's deletion leaves nothing behind, and another merchant's rows stay.
    await run(`delete from merchants where id = ${id}`);
    await expectRollupsMatch(t.db);
    for (const table of rollupTables) {
      const [row] = await t.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table} where merchant_id = ${id}`));
      expect(row.n, table).toBe(0);
    }
    const [kept] = await t.db.execute<{ n: number }>(sql.raw(`select coalesce(sum(contacts), 0)::int as n from contact_days where merchant_id = ${other.merchantId}`));
    expect(kept.n).toBe(1);
  });

  it("follow an import that moves contacts and records their consent changes in the same statement", async () => {
    // The import's update writes the contacts and their consent history in one statement
    // (lib/contacts/import/write-import.ts): until migration 0029, the moved contact's new events
    // were counted at its new location twice (by their own insert and by the contact's move).
    const m = await createMerchant(t.db);
    const l2 = (await createLocation(t.db, m.merchantId, { name: 'B' })).id;
    const sheet = (optIn: string) => csvOf(`Name,Email,Email Opt-in\nAda,ada@example.com,${optIn}\nBo,bo@example.com,${optIn}\n`);
    const columns = JSON.stringify(['fullName', 'email', 'emailOptIn']);
    const first = await upload(importContacts.POST, '/member/import', m.token, { name: 'a.csv', bytes: sheet('yes') }, { columns });
    expect(first.body.data).toMatchObject({ created: 2 });
    await expectRollupsMatch(t.db, [m.merchantId]);
    // Contacts without a location take the import's; their opt-ins are taken back.
    const second = await upload(importContacts.POST, '/member/import', m.token, { name: 'b.csv', bytes: sheet('no') }, { columns, locationId: String(l2) });
    expect(second.body.data).toMatchObject({ updated: 2 });
    const [moved] = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from contacts where merchant_id = ${m.merchantId} and location_id = ${l2}`);
    expect(moved.n).toBe(2);
    await expectRollupsMatch(t.db, [m.merchantId]);
    const [events] = await t.db.execute<{ n: number }>(sql`select coalesce(sum(opt_in + opt_out), 0)::int as n from consent_days where merchant_id = ${m.merchantId} and location_id = ${l2}`);
    expect(events.n).toBe(4);
  });
});
