import { describe, expect, it } from 'vitest';
import { importReviews } from '@/lib/reviews/import';
import { scrapeMetrics } from '@/lib/observability/metrics';
import { createMerchant } from '@/tests/fixtures/factories';
import { setupTestDatabase } from '@/tests/fixtures/test-db';

/** Issue 20, point 4: import durations, for the review import as for the contact import. */
const t = setupTestDatabase();

// This test reads the import histogram only; the database figures of a scrape do not matter here.
const scrape = () => scrapeMetrics({ oldestQueuedAgeSeconds: 0 });

function count(text: string, name: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) : 0;
}

describe('reviews_import_duration_seconds', () => {
  it('observes a committed review import, not a refused one', async () => {
    const m = await createMerchant(t.db);
    const before = count(await scrape(), 'reviews_import_duration_seconds_count');
    const csv = 'site,reviewer,rating,comment,date\ndianping,Ada,5,Great,2026-01-02\nopenrice,Grace,4,Good,2026-01-03\n';
    const result = await importReviews(m.ctx, { name: 'reviews.csv', bytes: new TextEncoder().encode(csv) });
    expect(result.inserted).toBe(2);
    await expect(importReviews(m.ctx, { name: 'reviews.csv', bytes: new TextEncoder().encode('site,comment\nother,x\n') })).rejects.toThrow();
    const after = await scrape();
    expect(after).toContain('# TYPE reviews_import_duration_seconds histogram');
    expect(count(after, 'reviews_import_duration_seconds_count')).toBe(before + 1);
  });
});
