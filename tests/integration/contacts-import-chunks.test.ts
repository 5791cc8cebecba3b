import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Papa from 'papaparse';
import { sql } from 'drizzle-orm';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createMerchant, type TestMerchant } from '@/tests/fixtures/factories';
import { commitImport, type ImportSummary } from '@/lib/contacts/import/commit-import';
import type { ImportMapping } from '@/lib/contacts/schema';
import { csvOf } from './contacts-helpers';
import { xlsxOfSheetXml } from '@/tests/fixtures/xlsx-parts';

// The import reads, plans and writes a file chunk by chunk (Node reads the next chunk while
// PostgreSQL writes one). Whatever the chunks, the outcome must be the file's in one piece: the
// same summary, rejected rows and reasons, the same contacts and the same consent history.

const t = setupTestDatabase();

const COLUMNS: ImportMapping['columns'] = ['firstName', 'lastName', 'email', 'phone', 'tags', 'emailOptIn', 'smsOptIn'];
const HEADER = ['First name', 'Last name', 'E-mail', 'Mobile', 'Tags', 'Email opt-in', 'SMS opt-in'];

// Few keys, so rows collide with each other and with the contacts already there: duplicates,
// merges, "two contacts" refusals, a contact's key changed by an earlier row.
const row = fc.tuple(
  fc.constantFrom('', 'Ann', 'Bo', '王'),
  fc.constantFrom('', 'Lee', 'Chan'),
  fc.constantFrom('', 'a@x.io', 'b@x.io', 'c@x.io', 'd@x.io', 'A@X.IO', 'not-an-email'),
  fc.constantFrom('', '+852 9123 4567', '+852 9123 4568', '91234569', '+852 9123 4570', '12'),
  fc.constantFrom('', 'VIP', 'VIP,Regular'),
  fc.constantFrom('', 'yes', 'no'),
  fc.constantFrom('', 'yes', 'no'),
);

async function importRows(m: TestMerchant, rows: string[][], chunkRows?: number): Promise<ImportSummary> {
  const bytes = csvOf(Papa.unparse([HEADER, ...rows]));
  return commitImport(m.ctx, { name: 'contacts.csv', bytes }, { columns: COLUMNS, locationId: null }, chunkRows ? { chunkRows } : undefined);
}

async function stateOf(m: TestMerchant) {
  const contacts = await t.db.execute<Record<string, unknown>>(
    sql`select first_name, last_name, email, phone, tags, email_opt_in, sms_opt_in, email_opt_in_source, sms_opt_in_source
        from contacts where merchant_id = ${m.merchantId} order by email nulls last, phone nulls last, first_name, last_name`,
  );
  const events = await t.db.execute<Record<string, unknown>>(
    sql`select c.email, c.phone, e.channel, e.action, e.source, count(*)::int as n
        from contact_consent_events e join contacts c on c.id = e.contact_id
        where e.merchant_id = ${m.merchantId}
        group by 1, 2, 3, 4, 5 order by 1 nulls last, 2 nulls last, 3, 4, 5`,
  );
  return { contacts: [...contacts], events: [...events] };
}

function comparable(s: ImportSummary) {
  // Contact ids differ between the two merchants; the rest of each conflict must not.
  const conflictList = s.conflictList.map(({ contact, ...conflict }) => ({ ...conflict, contact: { name: contact.name, email: contact.email, phone: contact.phone } }));
  return { ...s, conflictList, rejected: s.rejected.map((r) => ({ row: r.row, reason: r.reason, imported: r.imported })) };
}

describe(`contacts import in chunks (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('gives the same summary, contacts and consent history whatever the chunk size', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(row, { maxLength: 6 }), fc.array(row, { minLength: 1, maxLength: 14 }), fc.integer({ min: 1, max: 5 }), async (existing, file, chunkRows) => {
        const whole = await createMerchant(t.db);
        const chunked = await createMerchant(t.db);
        // The same contacts before, written by the same path in one piece.
        if (existing.length) {
          await importRows(whole, existing);
          await importRows(chunked, existing);
        }
        const a = await importRows(whole, file, 1_000_000);
        const b = await importRows(chunked, file, chunkRows);
        expect(comparable(b)).toEqual(comparable(a));
        expect(await stateOf(chunked)).toEqual(await stateOf(whole));
      }),
      { numRuns: 40 },
    );
  });

  it('writes nothing when a later chunk fails', async () => {
    const m = await createMerchant(t.db);
    await importRows(m, [['Old', 'One', 'old@x.io', '', '', 'yes', '']]);
    const before = await stateOf(m);
    // A fault of the database itself in the third chunk's statement, after two chunks were written.
    await t.db.execute(sql`create function import_fault() returns trigger language plpgsql as $$
      begin if new.first_name = 'Boom' then raise exception 'disk full'; end if; return new; end $$`);
    await t.db.execute(sql`create trigger import_fault before insert on contacts for each row execute function import_fault()`);
    try {
      const rows = [
        ['Ann', 'Lee', 'a@x.io', '', '', 'yes', ''],
        ['Bo', 'Chan', 'b@x.io', '', '', 'no', ''],
        ['Old', 'Renamed', 'old@x.io', '', 'VIP', '', ''],
        ['Cy', 'Wu', 'c@x.io', '', '', 'yes', ''],
        ['Boom', 'Bang', 'd@x.io', '', '', 'yes', ''],
        ['Di', 'Ho', 'e@x.io', '', '', 'yes', ''],
      ];
      await expect(importRows(m, rows, 2)).rejects.toThrow();
    } finally {
      await t.db.execute(sql`drop trigger import_fault on contacts`);
      await t.db.execute(sql`drop function import_fault()`);
    }
    expect(await stateOf(m)).toEqual(before);
  });

  it('imports an .xlsx whose rows come out of order after the first megabyte as the whole sheet says, once', async () => {
    // Row 3 gets its e-mail only after 1.5 MB of other rows: the reader had already handed row 3
    // to the import (written, with chunks of one row), so the import rolls back and reads the
    // sheet whole. Nothing is written twice.
    const cellsOf = (r: number, values: string[]) => values.map((v, c) => `<c r="${'ABCD'[c]}${r}" t="inlineStr"><is><t>${v}</t></is></c>`).join('');
    const rows = [
      `<row r="1">${cellsOf(1, ['First name', 'Last name', 'E-mail', 'Note'])}</row>`,
      `<row r="2">${cellsOf(2, ['Ann', 'Lee', 'ann@x.io', ''])}</row>`,
      `<row r="3">${cellsOf(3, ['Bo', 'Chan', '', ''])}</row>`,
      // A cell holds at most 32,767 characters: each padding row is a long note and whitespace.
      ...Array.from({ length: 4 }, (_, i) => `<row r="${i + 4}">${cellsOf(i + 4, ['Pad', `P${i}`, `p${i}@x.io`, 'n'.repeat(30_000)])}${' '.repeat(370_000)}</row>`),
      '<row r="3"><c r="C3" t="inlineStr"><is><t>bo@x.io</t></is></c></row>',
    ];
    const bytes = xlsxOfSheetXml(`<worksheet><sheetData>${rows.join('')}</sheetData></worksheet>`);
    const m = await createMerchant(t.db);
    const summary = await commitImport(m.ctx, { name: 'members.xlsx', bytes }, { columns: ['firstName', 'lastName', 'email', 'ignore'], locationId: null }, { chunkRows: 1 });
    expect(summary).toMatchObject({ total: 6, created: 6, skipped: 0 });
    const { contacts } = await stateOf(m);
    expect(contacts.map((c) => c.email)).toEqual(['ann@x.io', 'bo@x.io', 'p0@x.io', 'p1@x.io', 'p2@x.io', 'p3@x.io']);
  });
});
