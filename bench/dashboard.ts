/**
 * The dashboard benchmark (issues 9 and 22): a year of data for the 1,000,000-contact merchant on
 * PostgreSQL over 10 locations (BENCH_CONTACTS contacts created over two years; a fifth of that in
 * reviews and two fifths in consent events over the year; 240 campaigns, half e-mail, half SMS,
 * half review requests, with a hundredth of the contacts each: 2,400,000 deliveries) next to a
 * second merchant with a tenth of it (seedMerchant). Times each figure of /dashboard alone (reviews
 * with their trend, members, e-mail and SMS performance, request-to-review) and the whole
 * `dashboardFigures` call, for several periods and locations: p50/p95.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/dashboard.ts
 *
 * BENCH_KEEP=1 keeps the database (BENCH_DB names it); BENCH_REUSE=<name> measures again on it
 * (migrations apply first); BENCH_RUNS (20).
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '@/db/client';
import type { ServiceContext } from '@/lib/context';
import { channelFigures, dashboardFigures, memberFigures, requestToReview, reviewDayRows } from '@/lib/dashboard/figures';
import { resolvePeriod, type Period } from '@/lib/dashboard/period';
import { dashboardQuerySchema, type DashboardQuery } from '@/lib/dashboard/schema';
import { employeeFigures } from '@/lib/dashboard/employee-figures';

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);

async function main() {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  // BENCH_REUSE=<database> measures again on a database an earlier run kept (BENCH_KEEP=1).
  const reuse = process.env.BENCH_REUSE;
  const dbName = reuse ?? process.env.BENCH_DB ?? `starloop_bench_dashboard_${Date.now()}`;
  const { default: postgres } = await import('postgres');
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  if (!reuse) await admin.unsafe(`create database ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const handle = await openDatabase({ url: url.toString() });
  try {
    const t0 = performance.now();
    let big: { merchantId: number; locationIds: number[] };
    if (reuse) {
      const [m] = await handle.db.execute<{ id: number }>(sql`select id from merchants where name = 'Big café chain'`);
      const locs = await handle.db.execute<{ id: number }>(sql`select id from locations where merchant_id = ${m.id} order by id`);
      big = { merchantId: m.id, locationIds: locs.map((l) => l.id) };
    } else {
      big = await seedMerchant(handle.db, 'Big café chain', CONTACTS, 10);
      await seedMerchant(handle.db, 'Small café', Math.round(CONTACTS / 10), 10);
      for (const table of ['reviews', 'contacts', 'campaigns', 'deliveries', 'contact_consent_events', 'review_link_scans', 'delivery_events']) await handle.db.execute(sql.raw(`vacuum analyze ${table}`));
      console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s (${CONTACTS.toLocaleString()} + ${(CONTACTS / 10).toLocaleString()} contacts)`);
    }
    console.log(`database ${dbName}`);
    const ctx: ServiceContext = { db: handle.db, merchantId: big.merchantId, userId: 0, locale: 'zh-CN', permissions: [], now: () => new Date() };
    const scenarios: [string, Record<string, string>][] = [
      ['12 months, all locations', {}],
      ['12 months, one location', { locationId: String(big.locationIds[3]) }],
      ['30 days, all locations', { period: '30d' }],
      ['90 days, one location', { period: '90d', locationId: String(big.locationIds[1]) }],
      ['custom 2 years, all locations', { period: 'custom', from: new Date(Date.now() - 730 * 86_400_000).toISOString().slice(0, 10), to: new Date().toISOString().slice(0, 10) }],
    ];
    // Each figure alone (its statements), then the whole call (the figures in parallel, as the page asks).
    const figures: [string, (period: Period, locationId: number | undefined, q: DashboardQuery) => Promise<unknown>][] = [
      ['reviews + trend', (p, l) => reviewDayRows(ctx, l, p)],
      ['members', (p, l) => memberFigures(ctx, l, p)],
      ['e-mail', (p, l) => channelFigures(ctx, l, p, 0)],
      ['SMS', (p, l) => channelFigures(ctx, l, p, 1)],
      ['request-to-review', (p, l) => requestToReview(ctx, l, p)],
      ['per employee', (_p, _l, q) => employeeFigures(ctx, q)],
    ];
    const header = ['scenario', ...figures.map(([name]) => name), 'whole call'];
    const lines = [`| ${header.join(' | ')} |`, `|---|${header.slice(1).map(() => '---:').join('|')}|`];
    for (const [name, query] of scenarios) {
      const q = dashboardQuerySchema.parse(query);
      const period = resolvePeriod(q, ctx.now());
      const cells: string[] = [];
      for (const [, figure] of [...figures, ['whole call', () => dashboardFigures(ctx, q)] as const]) {
        await figure(period, q.locationId, q); // warm
        const times: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const s = performance.now();
          await figure(period, q.locationId, q);
          times.push(performance.now() - s);
        }
        cells.push(`${pct(times, 50).toFixed(1)} / ${pct(times, 95).toFixed(1)}`);
      }
      lines.push(`| ${name} | ${cells.join(' | ')} |`);
    }
    console.log(`\n${os.cpus().length} cores, ${RUNS} runs each, PostgreSQL, p50 / p95 ms, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}\n`);
    console.log(lines.join('\n'));
  } finally {
    await handle.close();
    if (!process.env.BENCH_KEEP && !reuse) await admin.unsafe(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

/**
 * A year of one merchant's data at the scale of `contactCount` contacts, generated server-side in
 * single statements: contacts created over two years, reviews (a fifth of the contacts) and
 * consent events (two fifths) over the year, 240 campaigns (half e-mail, half SMS; half of them
 * review requests) spread over the year with a hundredth of the contacts each as deliveries
 * (2,400,000 at 1,000,000 contacts), 5 % of them failed.
 */
async function seedMerchant(db: Db, name: string, contactCount: number, locationCount: number) {
  const [m] = await db.execute<{ id: number }>(sql`insert into merchants (name) values (${name}) returning id`);
  const locs = await db.execute<{ id: number }>(
    sql`insert into locations (merchant_id, name, address, city, state, country)
        select ${m.id}, 'Store ' || g, g || ' Main St', 'City', 'State', 'CN' from generate_series(1, ${locationCount}) g returning id`,
  );
  const ids = JSON.stringify(locs.map((l) => l.id));
  const n = locs.length;
  const reviewCount = Math.round(contactCount / 5);
  const deliveriesPerCampaign = Math.max(100, Math.round(contactCount / 100));
  await db.execute(sql`
    insert into reviews (merchant_id, location_id, site, origin, external_id, reviewer_name, rating, comment, create_time, update_time, reply_comment, reply_time, employee_tag)
    select ${m.id}, (${ids}::jsonb ->> (g % ${n}))::int, (array['google','google','google','dianping','openrice','tripadvisor','other'])[1 + g % 7], 'import',
      'r' || g, 'Reviewer ' || g, 1 + (g * 7) % 5, 'Comment ' || g,
      now() - ((g::bigint * 7919) % 525600) * interval '1 minute', now() - ((g::bigint * 7919) % 525600) * interval '1 minute',
      case when g % 3 = 0 then 'Thanks' end, case when g % 3 = 0 then now() end,
      -- A third of the reviews credited to one of five employees.
      case when g % 3 = 1 then 'Employee ' || (g % 5) end
    from generate_series(1, ${reviewCount}::int) g`);
  // Review codes: each location's own and five employees', and a fifth of the contacts in scans over the year.
  await db.execute(sql`
    insert into review_links (merchant_id, location_id, employee_tag, code)
    select ${m.id}, l.id, case when e = 0 then null else 'Employee ' || (e - 1) end, upper(substr(md5(${m.id}::text || '-' || l.id || '-' || e), 1, 10))
    from locations l, generate_series(0, 5) e where l.merchant_id = ${m.id}`);
  await db.execute(sql`
    with links as (select id, location_id, employee_tag, row_number() over (order by id) - 1 as k, count(*) over () as n from review_links where merchant_id = ${m.id})
    insert into review_link_scans (merchant_id, link_id, location_id, employee_tag, scanned_at)
    select ${m.id}, links.id, links.location_id, links.employee_tag, now() - ((g::bigint * 7919) % 525600) * interval '1 minute'
    from generate_series(1, ${reviewCount}::int) g join links on links.k = g % links.n`);
  let firstContact = 0;
  // In slices of 100,000: one statement of a million rows holds every index's build in memory at once.
  for (let from = 1; from <= contactCount; from += 100_000) {
    const to = Math.min(contactCount, from + 99_999);
    const [first] = await db.execute<{ id: number }>(
      sql`insert into contacts (merchant_id, location_id, first_name, email, opt_token, created_at, updated_at)
          select ${m.id}, (${ids}::jsonb ->> (g % ${n}))::int, 'First' || g, 'm' || ${m.id} || '.u' || g || '@example.com', md5(${m.id}::text || '-' || g::text),
            now() - ((g::bigint * 104729) % 730) * interval '1 day', now()
          from generate_series(${from}::int, ${to}::int) g returning id`,
    );
    if (from === 1) firstContact = first.id;
  }
  await db.execute(sql`
    insert into contact_consent_events (merchant_id, contact_id, channel, action, source, created_at)
    select ${m.id}, ${firstContact} + (g % ${contactCount}), (array['email','sms'])[1 + g % 2], (array['optin','optin','optout'])[1 + g % 3], 'manual',
      now() - ((g::bigint * 7919) % 365) * interval '1 day'
    from generate_series(1, ${Math.round(contactCount / 2.5)}::int) g`);
  const campaigns = await db.execute<{ id: number; channel: number }>(
    sql`insert into campaigns (merchant_id, name, campaign_type, channel, status, location_id)
        select ${m.id}, 'Campaign ' || g, g % 2, (g / 2) % 2, 5, (${ids}::jsonb ->> (g % ${n}))::int from generate_series(1, 240) g returning id, channel`,
  );
  for (const [i, c] of campaigns.entries()) {
    const sentAt = new Date(Date.now() - Math.round((i / campaigns.length) * 365) * 86_400_000).toISOString();
    await db.execute(sql`
      insert into deliveries (merchant_id, campaign_id, contact_id, channel, to_address, status, queued_at, sent_at)
      select ${m.id}, ${c.id}, ${firstContact} + ((g * 37 + ${i}) % ${contactCount}), ${c.channel}, 'x', case when g % 20 = 0 then 'failed' else 'sent' end,
        ${sentAt}::timestamptz, case when g % 20 = 0 then null else ${sentAt}::timestamptz + g * interval '1 second' end
      from generate_series(1, ${deliveriesPerCampaign}::int) g`);
  }
  // A tenth of the review requests sent were clicked, an hour later (as tracking records a click).
  await db.execute(sql`
    with clicked as (
      update deliveries d set clicked_at = d.sent_at + interval '1 hour'
      from campaigns c where c.id = d.campaign_id and d.merchant_id = ${m.id} and d.status = 'sent' and c.campaign_type = 0 and d.id % 10 = 0
      returning d.merchant_id, d.id, d.clicked_at)
    insert into delivery_events (merchant_id, delivery_id, type, created_at) select merchant_id, id, 'clicked', clicked_at from clicked`);
  return { merchantId: m.id, locationIds: locs.map((l) => l.id) };
}

function pct(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
