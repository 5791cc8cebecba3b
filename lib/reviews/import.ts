import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { reviews, type ReviewSite } from '@/db/schema/reviews';
import type { ServiceContext } from '@/lib/context';
import { AppError } from '@/lib/errors/app-error';
import { detectLanguage } from '@/lib/i18n/detect-language';
import { dayStart } from './list-reviews';
import { locationOptions } from '@/lib/locations/options';
import { readSpreadsheet } from '@/lib/spreadsheet/read-spreadsheet';
import { startReviewsImportTimer } from '@/lib/observability/metrics';
import { IMPORT_MAX_BYTES } from './limits';

export { IMPORT_MAX_BYTES } from './limits';
export const IMPORT_MAX_ROWS = 5000;

type Field = 'site' | 'location' | 'reviewer' | 'rating' | 'comment' | 'date' | 'reply' | 'employee' | 'id';
const HEADERS: Record<Field, string[]> = {
  site: ['site', 'source', 'review site', '来源', '來源', '网站', '網站', '平台'],
  location: ['location', 'store', 'branch', '门店', '門店', '分店'],
  reviewer: ['reviewer', 'name', 'customer', '评价人', '評價人', '顾客', '顧客', '姓名'],
  rating: ['rating', 'stars', 'star rating', '评分', '評分', '星级', '星級'],
  comment: ['comment', 'review', 'text', '内容', '內容', '评价', '評價', '评论', '評論'],
  date: ['date', 'time', 'review date', '日期', '时间', '時間'],
  reply: ['reply', 'owner reply', 'response', '回复', '回覆', '商家回复', '商家回覆'],
  employee: ['employee', 'staff', 'employee tag', '员工', '員工', '员工标签', '員工標籤'],
  id: ['id', 'review id', 'external id', '编号', '編號'],
};

const SITE_ALIASES: Record<string, ReviewSite> = {
  dianping: 'dianping', '大众点评': 'dianping', '大眾點評': 'dianping', '点评': 'dianping', '點評': 'dianping',
  openrice: 'openrice', '开饭喇': 'openrice', '開飯喇': 'openrice',
  tripadvisor: 'tripadvisor', '猫途鹰': 'tripadvisor', '貓途鷹': 'tripadvisor',
  other: 'other', '其他': 'other',
  google: 'google',
};

export interface ImportResult {
  inserted: number;
  updated: number;
  failed: { row: number; messageKey: string }[];
}

/** Reads a CSV or .xlsx file of reviews from other sites; upserts by (site, id or content hash). */
export async function importReviews(ctx: ServiceContext, file: { name: string; bytes: Uint8Array }): Promise<ImportResult> {
  const importEnded = startReviewsImportTimer();
  if (file.bytes.byteLength > IMPORT_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'reviews.errors.importTooLarge');
  const rows = readRows(file);
  if (rows.length === 0) throw new AppError('BAD_REQUEST', 'reviews.errors.importEmpty');
  const columns = mapColumns(Object.keys(rows[0].values));
  if (!columns.reviewer || !columns.rating || !columns.date) throw new AppError('BAD_REQUEST', 'reviews.errors.importColumns');

  const ours = await locationOptions(ctx);
  const byName = new Map(ours.map((l) => [l.name.trim().toLowerCase(), l.id]));
  const result: ImportResult = { inserted: 0, updated: 0, failed: [] };
  const values: (typeof reviews.$inferInsert)[] = [];
  const seen = new Set<string>();
  rows.forEach(({ rowNumber, values: raw }) => {
    const get = (f: Field) => (columns[f] ? (raw[columns[f] as string] ?? '') : '');
    const siteText = get('site').toLowerCase();
    const site: ReviewSite | undefined = siteText ? SITE_ALIASES[siteText] : 'other';
    if (!site) return result.failed.push({ row: rowNumber, messageKey: 'reviews.errors.importSite' });
    if (site === 'google') return result.failed.push({ row: rowNumber, messageKey: 'reviews.errors.importGoogle' });
    const reviewer = get('reviewer').slice(0, 100);
    if (!reviewer) return result.failed.push({ row: rowNumber, messageKey: 'reviews.errors.importReviewer' });
    const rating = Number(get('rating'));
    if (!Number.isInteger(rating) || rating < 1 || rating > 5) return result.failed.push({ row: rowNumber, messageKey: 'reviews.errors.rating' });
    const at = parseDate(get('date'));
    if (!at) return result.failed.push({ row: rowNumber, messageKey: 'reviews.errors.date' });
    const locationText = get('location');
    let locationId: number | null = null;
    if (locationText) {
      locationId = byName.get(locationText.toLowerCase()) ?? (ours.some((l) => String(l.id) === locationText) ? Number(locationText) : null);
      if (!locationId) return result.failed.push({ row: rowNumber, messageKey: 'locations.errors.notFound' });
    }
    const comment = get('comment').slice(0, 5000);
    const externalId = get('id') ? `import-${get('id')}` : `import-${crypto.createHash('sha1').update([site, reviewer, at.toISOString(), comment].join('\u0000')).digest('hex')}`;
    if (seen.has(`${site}:${externalId}`)) return; // the same review twice in one file
    seen.add(`${site}:${externalId}`);
    const reply = get('reply').slice(0, 4096);
    values.push({
      merchantId: ctx.merchantId,
      locationId,
      site,
      origin: 'import',
      externalId,
      reviewerName: reviewer,
      rating,
      comment,
      language: detectLanguage(comment || reviewer),
      createTime: at,
      updateTime: at,
      replyComment: reply || null,
      replyTime: reply ? at : null,
      employeeTag: get('employee').slice(0, 50) || null,
    });
  });
  if (values.length) {
    await ctx.db.transaction(async (tx) => {
      for (let i = 0; i < values.length; i += 500) {
        const answer = await tx
          .insert(reviews)
          .values(values.slice(i, i + 500))
          .onConflictDoUpdate({
            target: [reviews.merchantId, reviews.site, reviews.externalId],
            set: {
              locationId: sql`excluded.location_id`,
              reviewerName: sql`excluded.reviewer_name`,
              rating: sql`excluded.rating`,
              comment: sql`excluded.comment`,
              language: sql`excluded.language`,
              replyComment: sql`coalesce(excluded.reply_comment, ${reviews.replyComment})`,
              replyTime: sql`coalesce(excluded.reply_time, ${reviews.replyTime})`,
              employeeTag: sql`coalesce(excluded.employee_tag, ${reviews.employeeTag})`,
              updatedAt: sql`now()`,
            },
          })
          // xmax = 0 only for a freshly inserted row: tells inserts from updates.
          .returning({ inserted: sql<boolean>`(xmax = 0)` });
        for (const r of answer) {
          if (r.inserted) result.inserted++;
          else result.updated++;
        }
      }
    });
  }
  importEnded();
  return result;
}

/**
 * The file's rows keyed by header, through the one spreadsheet intake (.xlsx, .xls or .csv, its
 * refusals and bounds), with each row's number in the sheet.
 */
function readRows(file: { name: string; bytes: Uint8Array }): { rowNumber: number; values: Record<string, string> }[] {
  const sheet = readSpreadsheet(file.name, file.bytes, {
    maxRows: IMPORT_MAX_ROWS,
    tooManyRows: () => new AppError('BAD_REQUEST', 'reviews.errors.importTooManyRows', { values: { max: IMPORT_MAX_ROWS } }),
  });
  return sheet.rows.map((row) => {
    const values: Record<string, string> = {};
    sheet.headers.forEach((header, i) => {
      if (header && !(header in values)) values[header] = row.cells[i] ?? '';
    });
    return { rowNumber: row.rowNumber, values };
  });
}

function mapColumns(headers: string[]): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = {};
  for (const h of headers) {
    const key = h.trim().toLowerCase();
    for (const [field, aliases] of Object.entries(HEADERS) as [Field, string[]][]) {
      if (!out[field] && aliases.includes(key)) out[field] = h;
    }
  }
  return out;
}

/** A review's date: `YYYY-MM-DD` (what the intake gives for date cells), with `HH:mm` if known, or `M/D/YYYY`. */
function parseDate(text: string): Date | null {
  let m = text.match(/^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?(?:[ T](\d{1,2}):(\d{2}))?/);
  if (m) {
    const day = `${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}`;
    const base = dayStart(day);
    if (Number.isNaN(base.getTime())) return null;
    return new Date(base.getTime() + (m[4] ? (Number(m[4]) * 60 + Number(m[5])) * 60_000 : 12 * 3_600_000));
  }
  m = text.match(/^(\d{1,2})\/(\d{1,2})\/(\d{4})$/);
  if (m) return parseDate(`${m[3]}-${m[1]}-${m[2]}`);
  return null;
}
