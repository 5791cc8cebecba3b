import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { callApi } from '@/tests/fixtures/api';
import { createMerchant, type TestMerchant } from '@/tests/fixtures/factories';
import { consentEvents, contacts } from '@/db/schema/contacts';
import * as list from '@/app/api/member/route';
import * as one from '@/app/api/member/[id]/route';
import * as publicConsent from '@/app/api/member/public/[token]/consent/route';
import { updateContact } from '@/lib/contacts/save-contact';
import { contactInput } from '@/lib/contacts/schema';
import { writeConsent } from '@/lib/consent/record-consent';
import { AppError } from '@/lib/errors/app-error';

// Found from outside: a contact form opened before the customer opted out, saved with only the
// name changed, opted the customer back in ("optin / manual"), and a stale API PUT did the same.
// The form now sends the switches only when moved, the service decides consent on the locked
// row, and `updatedAt` (the version the client read) refuses an update of a newer contact.
const t = setupTestDatabase();
const driver = process.env.DATABASE_URL ? 'postgres' : 'pglite';

type Contact = Record<string, unknown> & { id: number; updatedAt: string; emailOptIn: boolean | null; smsOptIn: boolean | null };

async function optedInContact(m: TestMerchant) {
  const created = await callApi<{ id: number }>(list.POST, { method: 'POST', path: '/member', token: m.token, body: { firstName: 'Ann', lastName: 'Lee', email: 'ann@x.io', phone: '+85291234567', emailOptIn: true, smsOptIn: true } });
  const id = created.body.data.id;
  const [row] = await t.db.select({ optToken: contacts.optToken }).from(contacts).where(eq(contacts.id, id));
  return { id, token: row.optToken, read: () => read(m, id) };
}

async function read(m: TestMerchant, id: number): Promise<Contact> {
  const res = await callApi<Contact>(one.GET, { path: `/member/${id}`, token: m.token, params: { id: String(id) } });
  return res.body.data;
}

const put = (m: TestMerchant, id: number, body: Record<string, unknown>) => callApi<unknown>(one.PUT, { method: 'PUT', path: `/member/${id}`, token: m.token, params: { id: String(id) }, body });
const optOut = (token: string) => callApi(publicConsent.POST, { method: 'POST', path: '/x', params: { token }, body: { action: 'optout' } });
const optIns = async (id: number) => (await t.db.select().from(consentEvents).where(and(eq(consentEvents.contactId, id), eq(consentEvents.action, 'optin')))).length;
/** What the form or a client sends back: the record's writable fields, as read. */
const writable = (c: Contact) => ({ firstName: c.firstName, lastName: c.lastName, email: c.email, phone: c.phone, gender: c.gender, type: c.type, locationId: c.locationId, tags: c.tags, customFields: c.customFields, emailOptIn: c.emailOptIn, smsOptIn: c.smsOptIn, locale: c.locale });

describe(`stale contact edits (${driver})`, () => {
  it('PUT with a stale updatedAt answers 409 and writes nothing; the current one or none saves', async () => {
    const m = await createMerchant(t.db);
    const { id, read: again } = await optedInContact(m);
    const first = await again();
    const saved = await put(m, id, { ...writable(first), firstName: 'Anna', updatedAt: first.updatedAt });
    expect(saved.status).toBe(200);
    const second = await again();
    expect(second.firstName).toBe('Anna');
    // The version moved with the write.
    expect(second.updatedAt).not.toBe(first.updatedAt);

    const stale = await put(m, id, { ...writable(first), firstName: 'Old copy', updatedAt: first.updatedAt });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 409, msg: 'This was changed by someone else since you opened it. Reload to see the changes.', data: { stale: true } });
    expect((await again()).firstName).toBe('Anna');

    const unversioned = await put(m, id, { ...writable(second), firstName: 'Annie' });
    expect(unversioned.status).toBe(200);
    expect((await again()).firstName).toBe('Annie');
  });

  it('the message is translated', async () => {
    const m = await createMerchant(t.db);
    const { id, read: again } = await optedInContact(m);
    const first = await again();
    await put(m, id, { ...writable(first), firstName: 'Anna' });
    const stale = await callApi(one.PUT, { method: 'PUT', path: '/x', token: m.token, params: { id: String(id) }, body: { ...writable(first), updatedAt: first.updatedAt }, locale: 'zh-HK' });
    expect(stale.body).toMatchObject({ code: 409, msg: '此內容在你開啟後已被他人修改。請重新載入以查看更改。' });
  });

  it('a stale API PUT does not undo an opt-out made since it read the contact (route)', async () => {
    const m = await createMerchant(t.db);
    const { id, token, read: again } = await optedInContact(m);
    const before = await again();
    expect((await optOut(token)).status).toBe(200);
    const stale = await put(m, id, { ...writable(before), firstName: 'Anna', updatedAt: before.updatedAt });
    expect(stale.status).toBe(409);
    const after = await again();
    expect(after).toMatchObject({ firstName: 'Ann', emailOptIn: false, smsOptIn: false });
    expect(await optIns(id)).toBe(2);

    // Read again (the opt-out's time is the database's, to the microsecond): the copy is current.
    const { emailOptIn: _e, smsOptIn: _s, ...withoutConsent } = writable(after);
    const fresh = await put(m, id, { ...withoutConsent, firstName: 'Anna', updatedAt: after.updatedAt });
    expect(fresh.status).toBe(200);
    expect(await again()).toMatchObject({ firstName: 'Anna', emailOptIn: false, smsOptIn: false });
    expect(await optIns(id)).toBe(2);
  });

  it('the form leaving the switches out keeps an opt-out made since it opened (service)', async () => {
    const m = await createMerchant(t.db);
    const { id, token, read: again } = await optedInContact(m);
    const opened = await again();
    await optOut(token);
    // The dialog's input: switches untouched, so left out (null), and the version it opened.
    const input = contactInput.parse({ ...writable(opened), firstName: 'Anna', emailOptIn: null, smsOptIn: null });
    const versioned = updateContact(m.ctx, id, { ...input, updatedAt: new Date(opened.updatedAt) });
    await expect(versioned).rejects.toMatchObject({ code: 'CONFLICT', messageKey: 'errors.staleEdit' });
    expect(await again()).toMatchObject({ firstName: 'Ann', emailOptIn: false, smsOptIn: false });
    // Without the version (an older client), the name is saved and the opt-out stays.
    await updateContact(m.ctx, id, input);
    expect(await again()).toMatchObject({ firstName: 'Anna', emailOptIn: false, smsOptIn: false });
    expect(await optIns(id)).toBe(2);
  });

  it('a current version with a switch moved writes the change once', async () => {
    const m = await createMerchant(t.db);
    const { id, read: again } = await optedInContact(m);
    const c = await again();
    const res = await put(m, id, { ...writable(c), emailOptIn: false, smsOptIn: null, updatedAt: c.updatedAt });
    expect(res.status).toBe(200);
    const after = await again();
    expect(after).toMatchObject({ emailOptIn: false, smsOptIn: true, emailOptInSource: 'api' });
    // The version moved past the consent change's own time.
    expect(new Date(after.updatedAt).getTime()).toBeGreaterThan(new Date(c.updatedAt).getTime());
  });

  it('a malformed updatedAt is refused beside the field', async () => {
    const m = await createMerchant(t.db);
    const { id, read: again } = await optedInContact(m);
    const res = await put(m, id, { ...writable(await again()), updatedAt: 'yesterday' });
    expect(res.status).toBe(400);
    expect(res.body.data).toMatchObject({ fieldErrors: { updatedAt: expect.any(String) } });
  });
});

describe.runIf(process.env.DATABASE_URL)('a contact update racing an opt-out (PostgreSQL)', () => {
  it('waits for the opt-out holding the row and then refuses its now stale copy', async () => {
    const m = await createMerchant(t.db);
    const { id, read: again } = await optedInContact(m);
    const opened = await again();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The customer's opt-out, in flight: its transaction holds the contact's row.
    const optingOut = t.db.transaction(async (tx) => {
      await writeConsent(tx, { merchantId: m.merchantId, contactId: id, channel: 'email', action: 'optout', source: 'public-page', at: new Date() });
      await gate;
    });
    await waitFor(async () => (await again()).emailOptIn === true);
    const input = contactInput.parse({ ...writable(opened), firstName: 'Anna', updatedAt: opened.updatedAt });
    const saving = updateContact(m.ctx, id, input).then(
      () => 'saved',
      (error: unknown) => (error instanceof AppError ? error.code : String(error)),
    );
    await waitFor(async () => Number((await t.db.execute<{ n: number }>(sql`select count(*)::int as n from pg_locks where not granted`))[0].n) > 0);
    release();
    await optingOut;
    expect(await saving).toBe('CONFLICT');
    expect(await again()).toMatchObject({ firstName: 'Ann', emailOptIn: false, smsOptIn: true });
  });
});

async function waitFor(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error('timed out');
}
