import Papa from 'papaparse';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as exporter from '@/app/api/member/export/route';
import { exportRows } from '@/lib/contacts/export/export-rows';
import { listFilters } from '@/lib/contacts/schema';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createMerchant } from '@/tests/fixtures/factories';

/*
 * Found from outside: 60,000 contacts loaded by SQL exported as 5,120 of 60,120. The export reads
 * 5,000 rows at a time after the last row's (created_at, id); created_at, kept as a JavaScript
 * Date, lost its microseconds, and the next batch skipped every row left in that millisecond.
 */
const t = setupTestDatabase();

async function exported(ctx: Parameters<typeof exportRows>[0], batch: number): Promise<string[]> {
  const emails: string[] = [];
  for await (const rows of exportRows(ctx, listFilters.parse({}), [], batch)) emails.push(...rows.map((r) => r[2]));
  return emails;
}

describe('the contact export across its batches', () => {
  it('keeps every row of a millisecond split by a batch boundary (microseconds apart, and equal)', async () => {
    const m = await createMerchant(t.db);
    // Ten contacts in one millisecond: pairs share a microsecond, the pairs are a microsecond apart.
    await t.db.execute(sql`
      insert into contacts (merchant_id, first_name, email, opt_token, created_at)
      select ${m.merchantId}, 'Micro', 'micro.' || g || '@example.com', 'micro-' || ${m.merchantId} || '-' || g,
        '2026-06-10T08:00:00.123Z'::timestamptz + (g / 2) * interval '1 microsecond'
      from generate_series(1, 10) g`);
    for (const batch of [1, 3, 4]) {
      const emails = await exported(m.ctx, batch);
      expect(emails.length, `batches of ${batch}`).toBe(10);
      expect(new Set(emails).size).toBe(10);
    }
  });

  it('exports every contact a single SQL statement stamped with now(), past the 5,000-row batch', async () => {
    const m = await createMerchant(t.db);
    const total = 5_000 + 7;
    await t.db.execute(sql`
      insert into contacts (merchant_id, first_name, email, opt_token)
      select ${m.merchantId}, 'Loaded', 'loaded.' || g || '@example.com', 'loaded-' || ${m.merchantId} || '-' || g from generate_series(1, ${total}) g`);
    const answer = await exporter.GET(new Request('http://localhost/api/member/export?format=csv', { headers: { authorization: `Bearer ${m.token}` } }), {
      params: Promise.resolve({}),
    });
    expect(answer.status).toBe(200);
    const parsed = Papa.parse<string[]>((await answer.text()).replace(/^\uFEFF/, ''), { skipEmptyLines: true });
    const emails = parsed.data.slice(1).map((r) => r[2]);
    expect(emails.length).toBe(total);
    expect(new Set(emails).size).toBe(total);
  });
});
