import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors/app-error';
import { createContact } from '@/lib/contacts/save-contact';
import { dashboardFigures } from '@/lib/dashboard/figures';
import { dashboardQuerySchema } from '@/lib/dashboard/schema';
import { locationOptions } from '@/lib/locations/options';
import { requireOwnLocation } from '@/lib/locations/own-location';
import { addManualReview } from '@/lib/reviews/manual';
import { manualReviewSchema } from '@/lib/reviews/schema';
import { contactInput } from '@/lib/contacts/schema';
import { createLocation, createMerchant } from '@/tests/fixtures/factories';
import { setupTestDatabase } from '@/tests/fixtures/test-db';

const t = setupTestDatabase();

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('own location: one check, one list', () => {
  it('answers a location of this merchant; another merchant’s id answers 404 like a missing one, or 400 beside a field', async () => {
    const ours = await createMerchant(t.db);
    const theirs = await createMerchant(t.db);
    const mine = await createLocation(t.db, ours.merchantId, { name: 'B 店' });
    const foreign = await createLocation(t.db, theirs.merchantId);
    expect((await requireOwnLocation(t.db, ours.merchantId, mine.id)).name).toBe('B 店');

    for (const id of [foreign.id, foreign.id + 10_000]) {
      const missing = await refusal(requireOwnLocation(t.db, ours.merchantId, id));
      expect([missing.code, missing.messageKey]).toEqual(['NOT_FOUND', 'locations.errors.notFound']);
      const field = await refusal(requireOwnLocation(t.db, ours.merchantId, id, { field: 'locationId' }));
      expect(field.code).toBe('VALIDATION');
      expect(field.options.fieldErrors).toEqual({ locationId: 'locations.errors.notFound' });
    }

    // The entry points that take a location id all refuse the other merchant's the same way.
    const contact = contactInput.parse({ firstName: 'A', lastName: 'B', email: 'a@example.com', locationId: foreign.id });
    expect((await refusal(createContact(ours.ctx, contact))).options.fieldErrors).toEqual({ locationId: 'locations.errors.notFound' });
    expect((await refusal(addManualReview(ours.ctx, manualReviewSchema.parse({ site: 'dianping', reviewerName: 'R', rating: 5, reviewDate: '2026-11-01', locationId: foreign.id })))).messageKey).toBe('locations.errors.notFound');
    expect((await refusal(dashboardFigures(ours.ctx, dashboardQuerySchema.parse({ locationId: String(foreign.id) })))).code).toBe('NOT_FOUND');
  });

  it('lists the merchant’s locations in the order they were added, disabled ones included, never another merchant’s', async () => {
    const ours = await createMerchant(t.db);
    const other = await createMerchant(t.db);
    await createLocation(t.db, ours.merchantId, { name: 'Z 店', createdAt: new Date('2026-01-01T00:00:00Z') });
    await createLocation(t.db, ours.merchantId, { name: 'A 店', enabled: false, createdAt: new Date('2026-02-01T00:00:00Z') });
    await createLocation(t.db, other.merchantId, { name: 'Other' });
    expect((await locationOptions(ours.ctx)).map((l) => [l.name, l.enabled])).toEqual([
      ['Z 店', true],
      ['A 店', false],
    ]);
  });

  it('no other module queries the locations list or the own-location check itself', () => {
    const root = path.resolve(__dirname, '../..');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.tsx?$/.test(entry.name) && /\.from\(locations\)/.test(fs.readFileSync(full, 'utf8'))) offenders.push(path.relative(root, full));
      }
    };
    for (const dir of ['app', 'components', 'lib']) walk(path.join(root, dir));
    // The locations domain owns its table; the demo seed writes it directly.
    expect(offenders.filter((f) => !f.startsWith('lib/locations/') && !f.startsWith('lib/seed/'))).toEqual([]);
  });
});
