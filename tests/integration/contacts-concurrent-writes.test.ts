import Papa from 'papaparse';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { callApi } from '@/tests/fixtures/api';
import { createLocation, createMerchant, type TestMerchant } from '@/tests/fixtures/factories';
import * as commit from '@/app/api/member/import/route';
import * as member from '@/app/api/member/route';
import * as consentRoute from '@/app/api/member/[id]/consent/route';
import { commitImport, type ImportSummary } from '@/lib/contacts/import/commit-import';
import { recordConsent } from '@/lib/consent/record-consent';
import { createLead } from '@/lib/inbox/find-contact';
import { createSnapshot } from '@/lib/campaigns/snapshots';
import { snapshotInputSchema } from '@/lib/campaigns/schema';
import { csvOf, upload } from './contacts-helpers';

// Found from outside: two imports at once, or an import and a contact created meanwhile (a
// manual add, an inbound lead, a campaign's single recipient), answered 500 (duplicate key,
// deadlock) and threw the whole import away. Every path creating contacts now waits for the
// merchant's import (lib/db/contacts-lock.ts). Races need several connections: PostgreSQL.
const t = setupTestDatabase();

const HEADER = ['First name', 'Last name', 'E-mail'];
const fileOf = (rows: number, prefix: string) => csvOf(Papa.unparse([HEADER, ...Array.from({ length: rows }, (_, i) => ['Row', `N${i}`, `${prefix}.${i}@example.com`])]));
const countOf = async (m: TestMerchant) => Number((await t.db.execute<{ n: number }>(sql`select count(*)::int as n from contacts where merchant_id = ${m.merchantId}`))[0].n);

/**
 * Starts an import of `rows` new e-mails and calls `during` once it has written its first chunk
 * (its transaction holds an id), so what `during` creates lands in the file's later part.
 */
async function whileImporting<T>(m: TestMerchant, prefix: string, rows: number, during: () => Promise<T>): Promise<{ summary: PromiseSettledResult<ImportSummary>; during: T }> {
  const importing = commitImport(m.ctx, { name: 'big.csv', bytes: fileOf(rows, prefix) }, { columns: ['firstName', 'lastName', 'email'], locationId: null }, { chunkRows: 100 });
  const settled = importing.then(
    (value): PromiseSettledResult<ImportSummary> => ({ status: 'fulfilled', value }),
    (reason: unknown): PromiseSettledResult<ImportSummary> => ({ status: 'rejected', reason }),
  );
  for (let i = 0; i < 2000; i++) {
    const [writing] = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and backend_xid is not null and pid <> pg_backend_pid()`,
    );
    if (Number(writing.n) > 0) break;
    await new Promise((r) => setTimeout(r, 2));
  }
  const result = await during();
  return { summary: await settled, during: result };
}

describe.runIf(process.env.DATABASE_URL)('contacts created at the same time as an import (PostgreSQL)', () => {
  it('three imports of the same file at once all succeed and make each contact once', async () => {
    const m = await createMerchant(t.db);
    const bytes = fileOf(300, 'same');
    const answers = await Promise.all(
      [0, 1, 2].map(() => upload(commit.POST, '/member/import', m.token, { name: 'same.csv', bytes }, { columns: JSON.stringify(['firstName', 'lastName', 'email']) })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const created = answers.map((a) => (a.body.data as ImportSummary).created).sort();
    expect(created).toEqual([0, 0, 300]);
    expect(await countOf(m)).toBe(300);
  });

  it('an add of an e-mail in a running import waits for it and answers 409, and the import is kept', async () => {
    const m = await createMerchant(t.db);
    const add = (i: number) => callApi<{ id: number }>(member.POST, { method: 'POST', path: '/member', token: m.token, body: { firstName: 'Walk', lastName: 'In', email: `walk.${i}@example.com` } });
    const { summary, during } = await whileImporting(m, 'walk', 3000, () => Promise.all([add(2990), add(2995), add(2999)]));
    expect(summary.status).toBe('fulfilled');
    expect(summary.status === 'fulfilled' && summary.value.created).toBe(3000);
    expect(during.map((a) => a.status)).toEqual([409, 409, 409]);
    expect(during.map((a) => a.body.code)).toEqual([409, 409, 409]);
    expect(await countOf(m)).toBe(3000);
  });

  it('an inbound lead and a campaign recipient created during an import join its contacts', async () => {
    const m = await createMerchant(t.db);
    const loc = await createLocation(t.db, m.merchantId);
    const snapshot = () => createSnapshot(m.ctx, snapshotInputSchema.parse({ locationId: loc.id, campaignChannel: 0, filterConditions: { optInOnly: false }, recipientEmail: 'lead.2998@example.com' }));
    const { summary, during } = await whileImporting(m, 'lead', 3000, () => Promise.all([createLead(t.db, m.merchantId, 'email', 'lead.2999@example.com', 'Mail Sender'), snapshot()]));
    expect(summary.status).toBe('fulfilled');
    expect(await countOf(m)).toBe(3000);
    const ids = await t.db.execute<{ id: number; email: string }>(
      sql`select id, email from contacts where merchant_id = ${m.merchantId} and email in ('lead.2999@example.com', 'lead.2998@example.com') order by email desc`,
    );
    expect(during[0]).toBe(Number(ids[0].id));
    expect(during[1].total).toBe(1);
  });
});

describe(`consent changes at the same time (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('the newest history row is the stored state even when the later change was asked for first', async () => {
    const m = await createMerchant(t.db);
    const [{ id }] = await t.db.execute<{ id: number }>(sql`insert into contacts (merchant_id, first_name, last_name, email, opt_token) values (${m.merchantId}, 'Con', 'Sent', 'con.sent@example.com', 'tok-consent-order') returning id`);
    const at = new Date();
    // The request with the later clock takes the row lock first; the earlier one writes after it.
    await recordConsent(t.db, { merchantId: m.merchantId, contactId: Number(id), channel: 'email', action: 'optin', source: 'api', at: new Date(at.getTime() + 50) });
    await recordConsent(t.db, { merchantId: m.merchantId, contactId: Number(id), channel: 'email', action: 'optout', source: 'api', at });
    expect(await stateAndNewest(Number(id))).toEqual({ state: false, newest: 'optout' });
  });

  it.runIf(process.env.DATABASE_URL)('eight concurrent opt-ins and opt-outs leave the newest history row agreeing with the contact', async () => {
    const m = await createMerchant(t.db);
    const [{ id }] = await t.db.execute<{ id: number }>(sql`insert into contacts (merchant_id, first_name, last_name, email, opt_token) values (${m.merchantId}, 'Con', 'Current', 'con.current@example.com', 'tok-consent-race') returning id`);
    for (let round = 0; round < 10; round++) {
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          callApi(consentRoute.POST, { method: 'POST', path: `/member/${id}/consent`, token: m.token, params: { id: String(id) }, body: { channel: 'email', action: i % 2 ? 'optout' : 'optin' } }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
      const { state, newest } = await stateAndNewest(Number(id));
      expect(newest).toBe(state ? 'optin' : 'optout');
    }
  });
});

/** The contact's e-mail consent and its newest history row, as the contact page orders them. */
async function stateAndNewest(contactId: number): Promise<{ state: boolean | null; newest: string | undefined }> {
  const [contact] = await t.db.execute<{ email_opt_in: boolean | null }>(sql`select email_opt_in from contacts where id = ${contactId}`);
  const [event] = await t.db.execute<{ action: string }>(
    sql`select action from contact_consent_events where contact_id = ${contactId} and channel = 'email' order by created_at desc, id desc limit 1`,
  );
  return { state: contact.email_opt_in, newest: event?.action };
}
