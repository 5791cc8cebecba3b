import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contacts } from '@/db/schema/contacts';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createLocation, createMerchant, type TestMerchant } from '@/tests/fixtures/factories';
import { callApi } from '@/tests/fixtures/api';
import * as list from '@/app/api/member/route';
import * as one from '@/app/api/member/[id]/route';

// Found from outside (the tester's repro scripts, through the running server): a number typed without
// a country code was stored in a third country, and numbers copied from contacts were refused.
const t = setupTestDatabase();
const driver = process.env.DATABASE_URL ? 'postgres' : 'pglite';

type Created = { id: number; fieldErrors: Record<string, string> };

async function create(m: TestMerchant, phone: string, locationId: number) {
  const res = await callApi<Created>(list.POST, { method: 'POST', path: '/member', token: m.token, body: { firstName: 'Repro', lastName: 'Phone', phone, locationId } });
  if (res.status !== 200) return `${res.status} ${res.body.data.fieldErrors.phone}`;
  const got = await callApi<{ phone: string | null }>(one.GET, { path: `/member/${res.body.data.id}`, token: m.token, params: { id: String(res.body.data.id) } });
  return got.body.data.phone;
}

/** A merchant with a location in each country of the repro. */
async function merchantWithLocations() {
  const m = await createMerchant(t.db);
  const at: Record<string, number> = {};
  for (const country of ['MX', 'DE', 'ID', 'CN', 'US', 'HK']) at[country] = (await createLocation(t.db, m.merchantId, { name: `Repro ${country}`, country, zipCode: '' })).id;
  return { m, at };
}

const notIn = (country: string) => `400 Not a valid phone number in ${country}; for another country, start with + and its country code`;

describe(`phone numbers at a location never go to a third country (${driver})`, () => {
  it('refuses, or reads as meant, each number the tester saw stored abroad', async () => {
    const { m, at } = await merchantWithLocations();
    const cases: [string, string, string][] = [
      ['MX', '01 55 1234 5678', notIn('Mexico')],
      ['US', '01512 3456789', notIn('United States')],
      ['US', '8 (495) 123-45-67', notIn('United States')],
      ['US', '6612 3456', notIn('United States')],
      ['CN', '(201) 555-0188', '+12015550188'],
      ['CN', '(800) 555-0199', '400 This number could be +1 800 555 0199 / +86 800 555 0199: start it with + and the country code'],
      ['HK', '(800) 555-0199', '400 This number could be +1 800 555 0199 / +86 800 555 0199: start it with + and the country code'],
      ['DE', '4915123456788', '+4915123456788'],
      ['ID', '62812345678', '+62812345678'],
    ];
    for (const [country, typed, expected] of cases) expect(await create(m, typed, at[country]), `${typed} at ${country}`).toBe(expected);
    const stored = await t.db.select({ phone: contacts.phone }).from(contacts).where(eq(contacts.merchantId, m.merchantId));
    expect(stored.map((r) => r.phone).sort()).toEqual(['+12015550188', '+4915123456788', '+62812345678']);
  });

  it('takes "(+86)" and numbers copied from phone or Outlook contacts (invisible marks around them)', async () => {
    const { m, at } = await merchantWithLocations();
    const cases: [string, string][] = [
      ['(+86) 138 0013 8555', '+8613800138555'],
      ['+(86) 138 0013 8554', '+8613800138554'],
      ['\u202a+86 138 0013 8556\u202c', '+8613800138556'],
      ['\u200e+86 138 0013 8557', '+8613800138557'],
      ['+86 138 0013 8558\u200b', '+8613800138558'],
      ['\u2066+86 138 0013 8559\u2069', '+8613800138559'],
      ['\ufeff+86 138 0013 8550', '+8613800138550'],
    ];
    for (const [typed, expected] of cases) expect(await create(m, typed, at.US), JSON.stringify(typed)).toBe(expected);
  });
});
