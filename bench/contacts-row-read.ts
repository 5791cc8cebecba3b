/**
 * What reading a contacts list page costs the server with and without the stored search columns
 * (issue 22, point 3): the same 20-row page statement, once selecting the whole table (as the
 * list did before) and once `contactColumns` (what the services read now), in alternating blocks
 * in one run. Reports the Node process's CPU time and the wall time per statement.
 *
 *   npx tsx bench/contacts-row-read.ts
 *
 * BENCH_ROWS (contacts seeded, default 20,000), BENCH_ITERATIONS (statements per variant, 4,000).
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { contacts } from '@/db/schema/contacts';
import { locations } from '@/db/schema/locations';
import { contactColumns } from '@/lib/contacts/record';
import { scratchDatabase } from './scratch-database';

const ROWS = Number(process.env.BENCH_ROWS ?? 20_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 4_000);
const BLOCK = 200;

async function main() {
  const { admin, dbName, handle } = await scratchDatabase('rowread');
  const db = handle.db;
  try {
    const [m] = await db.execute<{ id: number }>(sql`insert into merchants (name) values ('Row read') returning id`);
    await db.execute(sql`
      insert into contacts (merchant_id, first_name, last_name, email, phone, type, email_opt_in, sms_opt_in, opt_token, tags, last_activity_at, created_at, updated_at)
      select ${m.id}, (array['小雨','Michael','志明','Anna'])[1 + g % 4] || g, (array['林','Smith','王','陳'])[1 + g % 4],
        'user' || g || '@example.com', '+86139' || lpad(g::text, 8, '0'), case when g % 5 < 3 then 'customer' else 'leads' end,
        g % 10 < 6, g % 7 < 4, md5(g::text) || g, case when g % 11 = 0 then array['VIP'] else '{}'::text[] end,
        now() - g * interval '1 hour', now() - g * interval '1 minute', now()
      from generate_series(1, ${ROWS}::int) g`);
    await db.execute(sql`analyze contacts`);
    const pageIds = db.select({ id: contacts.id }).from(contacts).where(eq(contacts.merchantId, m.id)).orderBy(desc(contacts.createdAt), desc(contacts.id)).limit(20).offset(200);
    const where = and(eq(contacts.merchantId, m.id), inArray(contacts.id, pageIds));
    const variants = {
      'whole row (search columns too)': () => db.select({ contact: contacts, locationName: locations.name }).from(contacts).leftJoin(locations, eq(locations.id, contacts.locationId)).where(where).orderBy(desc(contacts.createdAt), desc(contacts.id)),
      'contactColumns': () => db.select({ contact: contactColumns, locationName: locations.name }).from(contacts).leftJoin(locations, eq(locations.id, contacts.locationId)).where(where).orderBy(desc(contacts.createdAt), desc(contacts.id)),
    };
    const totals = Object.fromEntries(Object.keys(variants).map((k) => [k, { cpu: 0, wall: 0, n: 0 }]));
    for (const run of Object.values(variants)) for (let i = 0; i < 200; i++) await run(); // warm-up
    for (let done = 0; done < ITERATIONS; done += BLOCK) {
      for (const [name, run] of Object.entries(variants)) {
        const cpu0 = process.cpuUsage();
        const wall0 = performance.now();
        for (let i = 0; i < BLOCK; i++) await run();
        const cpu = process.cpuUsage(cpu0);
        totals[name].cpu += (cpu.user + cpu.system) / 1000;
        totals[name].wall += performance.now() - wall0;
        totals[name].n += BLOCK;
      }
    }
    console.log(`${ROWS} contacts, 20-row page, ${ITERATIONS} statements per variant, alternating blocks of ${BLOCK}`);
    for (const [name, t] of Object.entries(totals)) console.log(`${name.padEnd(32)} CPU ${(t.cpu / t.n).toFixed(3)} ms/statement, wall ${(t.wall / t.n).toFixed(3)} ms/statement`);
  } finally {
    await handle.close();
    await admin.unsafe(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
