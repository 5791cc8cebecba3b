import postgres from 'postgres';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createLocation, createMerchant } from '@/tests/fixtures/factories';
import { createContact } from '@/lib/contacts/save-contact';
import { deleteContact } from '@/lib/contacts/delete-contacts';
import { contactInput } from '@/lib/contacts/schema';
import { rollupMismatches } from '@/tests/fixtures/rollup-truth';

/*
 * Found from outside: a contact created while another was deleted deadlocked on the dashboard's
 * rollup rows (the deletion took consent_days before contact_days, the creation the other way)
 * and one of the two answered 500. Every rollup trigger now takes rollup rows in one order
 * (migration 0035). Each case below steps two connections so that the writer that took them out
 * of order would close the cycle: A holds a lower row, B's statement waits for it, then A asks
 * for what B's statement would have taken first. Needs several connections: PostgreSQL.
 */
const t = setupTestDatabase();

type Outcome = 'ok' | string;

/** Runs A's first statement, B's statement until it waits for a lock, then A's second; both commit. */
async function crosswise(firstA: string, blockedB: string, thenA: string): Promise<[Outcome, Outcome]> {
  const session = () => postgres(t.url ?? '', { max: 1, onnotice: () => {} });
  const [a, b] = [session(), session()];
  try {
    const [{ pid }] = await b<{ pid: number }[]>`select pg_backend_pid() as pid`;
    await a.unsafe('begin');
    await a.unsafe(firstA);
    await b.unsafe('begin');
    let settledB = false;
    const doneB = settle(b.unsafe(blockedB)).finally(() => (settledB = true));
    await waitForLock(pid, () => settledB);
    const outcomeA = await settle(a.unsafe(thenA));
    await a.unsafe(outcomeA === 'ok' ? 'commit' : 'rollback');
    const outcomeB = await doneB;
    await b.unsafe(outcomeB === 'ok' ? 'commit' : 'rollback');
    return [outcomeA, outcomeB];
  } finally {
    await Promise.all([a.end(), b.end()]);
  }
}

describe.runIf(process.env.DATABASE_URL)('dashboard rollup rows taken in one order (PostgreSQL)', () => {
  it('a contact created (contact, then its consent) while another of the same day and location is deleted', async () => {
    const { merchantId: m } = await createMerchant(t.db);
    const loc = await createLocation(t.db, m);
    const gone = await contactAt(m, loc.id, 'gone');
    await t.db.execute(sql.raw(consentOf(`id = ${gone}`)));
    const outcomes = await crosswise(insertContact(m, loc.id, 'made'), `delete from contacts where id = ${gone}`, consentOf(`opt_token = 'made-${m}'`));
    expect(outcomes).toEqual(['ok', 'ok']);
    expect(await rollupMismatches(t.db, [m])).toEqual([]);
  });

  it('a contact moved to a later location while contacts are added at both', async () => {
    const { merchantId: m } = await createMerchant(t.db);
    const [low, high] = [await createLocation(t.db, m), await createLocation(t.db, m)];
    await contactAt(m, high.id, 'there');
    const moving = await contactAt(m, low.id, 'moving');
    const outcomes = await crosswise(insertContact(m, low.id, 'a1'), `update contacts set location_id = ${high.id} where id = ${moving}`, insertContact(m, high.id, 'a2'));
    expect(outcomes).toEqual(['ok', 'ok']);
    expect(await rollupMismatches(t.db, [m])).toEqual([]);
  });

  it('a review re-rated upwards while reviews of both ratings come in', async () => {
    const { merchantId: m } = await createMerchant(t.db);
    const loc = await createLocation(t.db, m);
    await t.db.execute(sql.raw(insertReview(m, loc.id, 'five', 5)));
    const [{ id: rerated }] = await t.db.execute<{ id: number }>(sql.raw(`${insertReview(m, loc.id, 'two', 2)} returning id`));
    const outcomes = await crosswise(insertReview(m, loc.id, 'a1', 2), `update reviews set rating = 5 where id = ${rerated}`, insertReview(m, loc.id, 'a2', 5));
    expect(outcomes).toEqual(['ok', 'ok']);
    expect(await rollupMismatches(t.db, [m])).toEqual([]);
  });

  it('one statement sends a delivery of a later campaign and takes back a send of an earlier one', async () => {
    const { merchantId: m } = await createMerchant(t.db);
    const [early, late] = await t.db.execute<{ id: number }>(
      sql.raw(`insert into campaigns (merchant_id, name, campaign_type, channel, status) values (${m}, 'Early', 0, 0, 5), (${m}, 'Late', 0, 0, 5) returning id`),
    );
    const people = await Promise.all(['p1', 'p2', 'p3', 'p4'].map((p) => contactAt(m, null, p)));
    await t.db.execute(sql.raw(insertDelivery(m, early.id, people[0], 'sent')));
    await t.db.execute(sql.raw(insertDelivery(m, late.id, people[1], 'queued')));
    await t.db.execute(sql.raw(insertDelivery(m, late.id, people[0], 'failed')));
    const both = `update deliveries set status = case status when 'sent' then 'failed' else 'sent' end, sent_at = case status when 'sent' then null else now() end
      where merchant_id = ${m} and ((campaign_id = ${early.id} and contact_id = ${people[0]}) or (campaign_id = ${late.id} and contact_id = ${people[1]}))`;
    const outcomes = await crosswise(insertDelivery(m, early.id, people[2], 'failed'), both, insertDelivery(m, late.id, people[3], 'failed'));
    expect(outcomes).toEqual(['ok', 'ok']);
    expect(await rollupMismatches(t.db, [m])).toEqual([]);
  });

  it('100 contacts created and deleted beside 100 created, through the services, all succeed', { timeout: 180_000 }, async () => {
    const merchant = await createMerchant(t.db);
    const loc = await createLocation(t.db, merchant.merchantId);
    const input = (name: string) => contactInput.parse({ firstName: 'Dl', lastName: name, email: `dl.${name}@example.com`, locationId: loc.id, emailOptIn: true });
    const failures: unknown[] = [];
    const keep = async (i: number) => {
      await createContact(merchant.ctx, input(`a${i}`)).catch((e: unknown) => failures.push(e));
    };
    const churn = async (i: number) => {
      const made = await createContact(merchant.ctx, input(`b${i}`)).catch((e: unknown) => failures.push(e));
      if (typeof made === 'object') await deleteContact(merchant.ctx, made.id).catch((e: unknown) => failures.push(e));
    };
    await Promise.all([loop(100, keep), loop(100, churn)]);
    expect(failures).toEqual([]);
    expect(await rollupMismatches(t.db, [merchant.merchantId])).toEqual([]);
  });
});

async function loop(n: number, body: (i: number) => Promise<void>) {
  for (let i = 0; i < n; i++) await body(i);
}

function settle(query: PromiseLike<unknown>): Promise<Outcome> {
  return Promise.resolve(query).then(
    () => 'ok',
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
}

/** Until the session waits for a row lock (or its statement has ended without waiting). */
async function waitForLock(pid: number, ended: () => boolean) {
  for (let i = 0; i < 500 && !ended(); i++) {
    const [row] = await t.db.execute<{ wait: string | null }>(sql`select wait_event_type as wait from pg_stat_activity where pid = ${pid}`);
    if (row?.wait === 'Lock') return;
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function contactAt(merchantId: number, locationId: number | null, token: string): Promise<number> {
  const [row] = await t.db.execute<{ id: number }>(sql.raw(`${insertContact(merchantId, locationId, token)} returning id`));
  return row.id;
}

function insertContact(merchantId: number, locationId: number | null, token: string) {
  return `insert into contacts (merchant_id, location_id, first_name, opt_token) values (${merchantId}, ${locationId ?? 'null'}, '${token}', '${token}-${merchantId}')`;
}

function consentOf(contacts: string) {
  return `insert into contact_consent_events (merchant_id, contact_id, channel, action, source) select merchant_id, id, 'email', 'optin', 'manual' from contacts where ${contacts}`;
}

function insertReview(merchantId: number, locationId: number, externalId: string, rating: number) {
  return `insert into reviews (merchant_id, location_id, site, external_id, reviewer_name, rating, create_time, update_time)
    values (${merchantId}, ${locationId}, 'google', '${externalId}', 'R', ${rating}, now(), now())`;
}

function insertDelivery(merchantId: number, campaignId: number, contactId: number, status: 'queued' | 'sent' | 'failed') {
  return `insert into deliveries (merchant_id, campaign_id, contact_id, channel, to_address, queued_at, status, sent_at, error)
    values (${merchantId}, ${campaignId}, ${contactId}, 0, 'x', now(), '${status}', ${status === 'sent' ? 'now()' : 'null'}, ${status === 'failed' ? `'bounce'` : 'null'})`;
}
