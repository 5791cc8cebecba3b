import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { locations } from '@/db/schema/locations';
import { POST as createLocation } from '@/app/api/merchant/location/route';
import { callApi } from '@/tests/fixtures/api';
import { createMerchant } from '@/tests/fixtures/factories';
import { setupTestDatabase } from '@/tests/fixtures/test-db';

/**
 * Six identical concurrent create calls made six records. With an Idempotency-Key (the
 * convention of payment APIs) the same key and body make one, and answer it again.
 */
const t = setupTestDatabase();
const shop = { locationName: 'Harbour Tea', address: '1 Pier Road', city: 'Hong Kong', state: 'Central', country: 'HK', phone: '+852 2877-1234', timezone: 'Asia/Hong_Kong' };
const create = (token: string, key: string | null, body: Record<string, unknown> = shop) =>
  callApi<{ locationId: number }>(createLocation, { method: 'POST', path: '/merchant/location', token, body, headers: key === null ? {} : { 'idempotency-key': key } });
const countFor = async (merchantId: number) => (await t.db.select({ id: locations.id }).from(locations).where(eq(locations.merchantId, merchantId))).length;

describe(`Idempotency-Key on create calls (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('six identical concurrent creates with one key make one record; the rest answer it or say it is still running', async () => {
    const owner = await createMerchant(t.db);
    const answers = await Promise.all(Array.from({ length: 6 }, () => create(owner.token, 'double-click-1')));
    expect(await countFor(owner.merchantId)).toBe(1);
    for (const a of answers) expect([200, 409]).toContain(a.status);
    const ids = new Set(answers.filter((a) => a.status === 200).map((a) => a.body.data.locationId));
    expect(ids.size).toBe(1);
    // Later, the same key and body answer the first answer again, marked as replayed.
    const again = await create(owner.token, 'double-click-1');
    expect(again.status).toBe(200);
    expect(again.body.data.locationId).toBe([...ids][0]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await countFor(owner.merchantId)).toBe(1);
  });

  it('the same key with another body is 422; without a key every call creates', async () => {
    const owner = await createMerchant(t.db);
    expect((await create(owner.token, 'k-1')).status).toBe(200);
    const other = await create(owner.token, 'k-1', { ...shop, locationName: 'Another shop' });
    expect(other.status).toBe(422);
    expect(other.body.msg).toBe('This Idempotency-Key was already used with a different request');
    expect((await create(owner.token, null)).status).toBe(200);
    expect((await create(owner.token, null)).status).toBe(200);
    expect(await countFor(owner.merchantId)).toBe(3);
  });

  it('a refused first call keeps no answer: fixed and sent again with the key, it runs', async () => {
    const owner = await createMerchant(t.db);
    expect((await create(owner.token, 'k-2', { ...shop, locationName: '' })).status).toBe(400);
    // Another body under the same key is allowed now: the failed call left nothing behind.
    expect((await create(owner.token, 'k-2')).status).toBe(200);
    expect(await countFor(owner.merchantId)).toBe(1);
  });

  it('keys are per user and merchant, and any key text is either used or refused with 400', async () => {
    const a = await createMerchant(t.db);
    const b = await createMerchant(t.db);
    expect((await create(a.token, 'shared')).status).toBe(200);
    expect((await create(b.token, 'shared')).status).toBe(200);
    expect(await countFor(b.merchantId)).toBe(1);
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), async (key) => {
        const answer = await create(a.token, key).catch(() => ({ status: 0 }));
        expect([200, 400, 422]).toContain(answer.status);
      }),
      { numRuns: 25 },
    );
  });
});
