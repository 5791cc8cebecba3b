import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createMerchant } from '@/tests/fixtures/factories';
import { callApi } from '@/tests/fixtures/api';
import * as list from '@/app/api/member/route';
import * as check from '@/app/api/member/import/check/route';
import * as commit from '@/app/api/member/import/route';
import { csvOf, upload } from './contacts-helpers';

/**
 * An import never replaces an existing contact's e-mail or phone unless the merchant chooses it:
 * a row whose keys point at two contacts, or that matches by one key but carries another value
 * for the other, is a conflict; the check lists it and counts what the import will do, and the
 * import then does exactly that.
 */
const t = setupTestDatabase();
const COLUMNS = JSON.stringify(['fullName', 'email', 'phone']);
const csv = (rows: string[][]) => ({ name: 'contacts.csv', bytes: csvOf(Papa.unparse([['Name', 'Email', 'Phone'], ...rows])) });

type Contact = { id: number; firstName: string; lastName: string; email: string | null; phone: string | null };
async function contactsOf(token: string): Promise<Contact[]> {
  const res = await callApi<{ records: Contact[] }>(list.GET, { path: '/member?pageSize=100', token });
  return res.body.data.records.sort((a, b) => a.id - b.id);
}

/** A merchant with Ann (ann@example.com, +86 138 0013 8000) and Bob (bob@example.com, +86 139 0013 9000). */
async function merchantWithTwo() {
  const m = await createMerchant(t.db);
  const res = await upload(commit.POST, '/member/import', m.token, csv([['Ann Lee', 'ann@example.com', '+8613800138000'], ['Bob Wu', 'bob@example.com', '+8613900139000']]), { columns: COLUMNS });
  expect(res.body.data.created).toBe(2);
  return m;
}

const counts = (s: Record<string, unknown>) => ({ created: s.created, updated: s.updated, unchanged: s.unchanged, conflicts: s.conflicts, skipped: s.skipped });

describe(`conflicting rows (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('keeps a contact found by phone whose e-mail differs, by default, and lists and counts the row before anything is written', async () => {
    const m = await merchantWithTwo();
    const before = await contactsOf(m.token);
    const file = csv([['Carol King', 'carol@example.com', '+8613800138000']]);
    const checked = await upload(check.POST, '/member/import/check', m.token, file, { columns: COLUMNS });
    expect(checked.status).toBe(200);
    expect(checked.body.data).toMatchObject({ dryRun: true, created: 0, updated: 0, conflicts: 1, skipped: 1 });
    expect(checked.body.data.conflictList).toEqual([{ row: 2, kind: 'otherEmail', choice: 'skip', contact: { id: before[0].id, name: 'Ann Lee', email: 'ann@example.com', phone: '+8613800138000' } }]);
    expect(await contactsOf(m.token)).toEqual(before);

    const done = await upload(commit.POST, '/member/import', m.token, file, { columns: COLUMNS });
    expect(counts(done.body.data)).toEqual(counts(checked.body.data));
    expect(await contactsOf(m.token)).toEqual(before);
    expect(done.body.data.rejected[0]).toMatchObject({ row: 2, imported: false });
    expect(done.body.data.rejected[0].reason).toContain('Ann Lee');
  });

  it('updates the e-mail only when the merchant chooses "update", and creates a second person without the phone on "create"', async () => {
    const m = await merchantWithTwo();
    const file = csv([['Carol King', 'carol@example.com', '+8613800138000']]);
    const created = await upload(commit.POST, '/member/import', m.token, file, { columns: COLUMNS, conflicts: JSON.stringify([{ row: 2, choice: 'create' }]) });
    expect(created.body.data).toMatchObject({ created: 1, updated: 0, conflicts: 1, skipped: 0 });
    const afterCreate = await contactsOf(m.token);
    expect(afterCreate.map((c) => [c.email, c.phone])).toEqual([['ann@example.com', '+8613800138000'], ['bob@example.com', '+8613900139000'], ['carol@example.com', null]]);
    expect(created.body.data.rejected[0]).toMatchObject({ row: 2, imported: true });

    const m2 = await merchantWithTwo();
    const updated = await upload(commit.POST, '/member/import', m2.token, file, { columns: COLUMNS, conflictChoice: 'update' });
    expect(updated.body.data).toMatchObject({ created: 0, updated: 1, conflicts: 1, skipped: 0 });
    expect((await contactsOf(m2.token))[0]).toMatchObject({ firstName: 'Carol', lastName: 'King', email: 'carol@example.com', phone: '+8613800138000' });
  });

  it('never merges two people: e-mail of one and phone of another is skipped by default, and "update" keeps the second one\'s phone where it is', async () => {
    const m = await merchantWithTwo();
    const before = await contactsOf(m.token);
    const file = csv([['Ann Lee', 'ann@example.com', '+8613900139000']]);
    const checked = await upload(check.POST, '/member/import/check', m.token, file, { columns: COLUMNS });
    expect(checked.body.data.conflictList[0]).toMatchObject({ kind: 'twoContacts', choice: 'skip' });
    const skipped = await upload(commit.POST, '/member/import', m.token, file, { columns: COLUMNS });
    expect(counts(skipped.body.data)).toEqual(counts(checked.body.data));
    expect(await contactsOf(m.token)).toEqual(before);

    // "Create new" cannot hold either key: it is applied as "skip", and the check says so.
    const asCreate = await upload(check.POST, '/member/import/check', m.token, file, { columns: COLUMNS, conflictChoice: 'create' });
    expect(asCreate.body.data.conflictList[0]).toMatchObject({ choice: 'skip' });

    const updated = await upload(commit.POST, '/member/import', m.token, file, { columns: COLUMNS, conflictChoice: 'update' });
    expect(updated.body.data).toMatchObject({ updated: 0, unchanged: 1 });
    expect(await contactsOf(m.token)).toEqual(before);
  });

  it('does not replace the phone of a contact found by e-mail, and fills in a phone the contact lacks without asking', async () => {
    const m = await merchantWithTwo();
    await upload(commit.POST, '/member/import', m.token, csv([['Dan Ho', 'dan@example.com', '']]), { columns: COLUMNS });
    const file = csv([
      ['Ann Lee', 'ann@example.com', '+8613700137000'],
      ['Dan Ho', 'dan@example.com', '+8613600136000'],
    ]);
    const checked = await upload(check.POST, '/member/import/check', m.token, file, { columns: COLUMNS });
    expect(checked.body.data).toMatchObject({ conflicts: 1, updated: 1 });
    expect(checked.body.data.conflictList[0]).toMatchObject({ row: 2, kind: 'otherPhone' });
    const done = await upload(commit.POST, '/member/import', m.token, file, { columns: COLUMNS });
    expect(counts(done.body.data)).toEqual(counts(checked.body.data));
    const after = await contactsOf(m.token);
    expect(after.find((c) => c.email === 'ann@example.com')?.phone).toBe('+8613800138000');
    expect(after.find((c) => c.email === 'dan@example.com')?.phone).toBe('+8613600136000');
  });

  it('counts before the import what the import writes, for a mixed file and every choice', async () => {
    for (const conflictChoice of ['skip', 'update', 'create']) {
      const m = await merchantWithTwo();
      const file = csv([
        ['New One', 'new1@example.com', '+8613500135000'],
        ['Ann Lee', 'ann@example.com', '+8613800138000'],
        ['Ann Renamed', 'ann@example.com', ''],
        ['Carol King', 'carol@example.com', '+8613900139000'],
        ['Bad', 'not-an-email', ''],
        ['Eve Xu', 'bob@example.com', '+8613300133000'],
      ]);
      const checked = await upload(check.POST, '/member/import/check', m.token, file, { columns: COLUMNS, conflictChoice });
      const before = (await contactsOf(m.token)).length;
      const done = await upload(commit.POST, '/member/import', m.token, file, { columns: COLUMNS, conflictChoice });
      expect(counts(done.body.data), conflictChoice).toEqual(counts(checked.body.data));
      expect((await contactsOf(m.token)).length - before).toBe(done.body.data.created);
      expect(done.body.data.conflicts).toBe(2);
    }
  });
});
