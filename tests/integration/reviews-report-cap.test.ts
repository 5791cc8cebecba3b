import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as reportXlsx } from '@/app/api/reviews/report/route';
import { reviewReport } from '@/lib/reviews/report-page';
import { DEFAULT_REPORT_ROWS, reportRowLimit } from '@/lib/reviews/report-limit';
import { createMerchant, type TestMerchant } from '@/tests/fixtures/factories';
import { setupTestDatabase } from '@/tests/fixtures/test-db';

/**
 * Issue 23, point 8: the printable report lists the newest 2,000 reviews, says so plainly and
 * links the .xlsx, which has every review; its figures and charts cover all of them.
 */
const t = setupTestDatabase();
const COUNT = 2050;
let merchant: TestMerchant;

beforeAll(async () => {
  merchant = await createMerchant(t.db);
  const other = await createMerchant(t.db);
  // Ratings 1..5 in turn, every second review answered, one a minute back from now.
  await t.db.execute(sql`
    insert into reviews (merchant_id, site, external_id, reviewer_name, rating, comment, create_time, update_time, reply_comment)
    select ${merchant.merchantId}, 'google', 'cap-' || g, 'Reviewer ' || g, 1 + g % 5, 'Comment ' || g, now() - g * interval '1 minute', now(), case when g % 2 = 0 then 'Thanks' end
    from generate_series(1, ${COUNT}) g`);
  await t.db.execute(sql`
    insert into reviews (merchant_id, site, external_id, reviewer_name, rating, create_time, update_time)
    select ${other.merchantId}, 'google', 'other-' || g, 'Other', 1, now(), now() from generate_series(1, 10) g`);
}, 120_000);

describe(`the printable review report past 2,000 reviews (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('lists the newest 2,000, counts every review in its figures, and says it is capped', async () => {
    const report = await reviewReport(merchant.ctx, {});
    expect(report.rows).toHaveLength(DEFAULT_REPORT_ROWS);
    expect(report.rows[0].reviewerName).toBe('Reviewer 1');
    expect(report.rows.at(-1)?.reviewerName).toBe('Reviewer 2000');
    expect(report).toMatchObject({ total: COUNT, capped: true });
    expect(report.summary.total).toBe(COUNT);
    expect(report.summary.byRating).toEqual([410, 410, 410, 410, 410]);
    expect(report.summary.answered).toBe(COUNT / 2);
    expect(report.summary.responseRate).toBe(50);
  });

  it('is not capped under the limit, and the figures follow the filters', async () => {
    const fives = await reviewReport(merchant.ctx, { minRating: 5 });
    expect(fives).toMatchObject({ total: 410, capped: false });
    expect(fives.rows).toHaveLength(410);
    expect(fives.summary.average).toBe(5);
    const small = await reviewReport(merchant.ctx, {}, 100);
    expect(small).toMatchObject({ total: COUNT, capped: true });
    expect(small.rows).toHaveLength(100);
  });

  it('reads its row limit from REVIEW_REPORT_ROWS (1 to 10,000), else 2,000', () => {
    expect(reportRowLimit({ REVIEW_REPORT_ROWS: '50' })).toBe(50);
    for (const value of [undefined, '', '0', '-5', '10001', 'many', '2.5']) expect(reportRowLimit({ REVIEW_REPORT_ROWS: value }), String(value)).toBe(2000);
  });

  it('offers every review in the .xlsx the notice links', async () => {
    const res = await reportXlsx(new Request('http://localhost/api/reviews/report', { headers: { authorization: `Bearer ${merchant.token}`, 'accept-language': 'en-US' } }), { params: Promise.resolve({}) });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = book.worksheets[1];
    expect(sheet.actualRowCount).toBe(COUNT + 1);
  });
});
