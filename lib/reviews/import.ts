import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { reviews, type ReviewSite } from '@/db/schema/reviews';
import type { ServiceContext } from '@/lib/context';
import { AppError } from '@/lib/errors/app-error';
import { detectLanguage } from '@/lib/i18n/detect-language';
import { readImportDate } from './import-date';
import { locationOptions } from '@/lib/locations/options';
import { readSpreadsheetInSteps } from '@/lib/spreadsheet/read-spreadsheet';
import { startReviewsImportTimer } from '@/lib/observability/metrics';
import { echoText } from '@/lib/spreadsheet/echo';
import { translatorFor } from '@/lib/i18n/translator';
import type { z } from 'zod';
import { IMPORT_MAX_BYTES, REPLY_MAX_BYTES, utf8Bytes } from './limits';
import { employeeTagSchema, manualReviewSchema } from './schema';
import { turnPacer } from '@/lib/spreadsheet/event-loop';

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

/** A row not imported: its sheet row number, the reason's message key (as the import dialog translates it) and the reason in the caller's language. */
export interface ImportFailure {
  row: number;
  messageKey: string;
  reason: string;
}

export interface ImportResult {
  inserted: number;
  updated: number;
  failed: ImportFailure[];
}

/**
 * The longest `id` cell taken: it is the review's key in a unique index (PostgreSQL refuses an
 * index entry past about 2.7 KB), and other sites' review ids are short.
 */
export const IMPORT_ID_MAX = 200;

/** The bound a value is over in the schema that owns the field (the hand-entry form's), or null. */
function overBound(schema: z.ZodType, value: string): number | null {
  const issue = schema.safeParse(value).error?.issues.find((i) => i.code === 'too_big');
  return issue && issue.code === 'too_big' ? Number(issue.maximum) : null;
}

function firstOverBound(checks: [Field, number | null][]): { field: Field; max: number } | null {
  for (const [field, max] of checks) if (max !== null) return { field, max };
  return null;
}

/**
 * Reads a CSV or .xlsx file of reviews from other sites; upserts by (site, id or content hash).
 * A row with a value over its field's bound (the same bounds as a review added by hand) is not
 * imported and is listed with its reason: nothing is cut to fit.
 */
export async function importReviews(ctx: ServiceContext, file: { name: string; bytes: Uint8Array }): Promise<ImportResult> {
  const importEnded = startReviewsImportTimer();
  if (file.bytes.byteLength > IMPORT_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'reviews.errors.importTooLarge');
  const sheet = await readSpreadsheetInSteps(file.name, file.bytes, {
    maxRows: IMPORT_MAX_ROWS,
    tooManyRows: () => new AppError('BAD_REQUEST', 'reviews.errors.importTooManyRows', { values: { max: IMPORT_MAX_ROWS } }),
  });
  if (sheet.rows.length === 0) throw new AppError('BAD_REQUEST', 'reviews.errors.importEmpty');
  const columns = mapColumns(sheet.headers);
  if (columns.reviewer === undefined || columns.rating === undefined || columns.date === undefined) throw new AppError('BAD_REQUEST', 'reviews.errors.importColumns');

  const t = translatorFor(ctx.locale);
  const ours = await locationOptions(ctx);
  const byName = new Map(ours.map((l) => [l.name.trim().toLowerCase(), l.id]));
  const result: ImportResult = { inserted: 0, updated: 0, failed: [] };
  const fail = (row: number, messageKey: string, reason = t(messageKey)) => result.failed.push({ row, messageKey, reason });
  const header = (f: Field) => echoText((sheet.headers[columns[f] as number] ?? '').trim(), 40);
  const tooLong = (row: number, f: Field, max: number) => fail(row, 'reviews.errors.importTooLong', t('reviews.errors.importTooLongColumn', { column: header(f), max }));
  const values: (typeof reviews.$inferInsert)[] = [];
  const seen = new Set<string>();
  // The event loop turns whenever reading rows has held it ROWS_TURN_MS.
  const pace = turnPacer();
  for (const { rowNumber, cells } of sheet.rows) {
    await pace();
    const get = (f: Field) => (columns[f] === undefined ? '' : (cells[columns[f]] ?? ''));
    const siteText = get('site').toLowerCase();
    const site: ReviewSite | undefined = siteText ? SITE_ALIASES[siteText] : 'other';
    if (!site) {
      fail(rowNumber, 'reviews.errors.importSite');
      continue;
    }
    if (site === 'google') {
      fail(rowNumber, 'reviews.errors.importGoogle');
      continue;
    }
    const reviewer = get('reviewer');
    if (!reviewer) {
      fail(rowNumber, 'reviews.errors.importReviewer');
      continue;
    }
    const rating = Number(get('rating'));
    if (!Number.isInteger(rating) || rating < 1 || rating > 5) {
      fail(rowNumber, 'reviews.errors.rating');
      continue;
    }
    const date = readImportDate(get('date'));
    if ('messageKey' in date) {
      fail(rowNumber, date.messageKey);
      continue;
    }
    const { at } = date;
    const comment = get('comment');
    const reply = get('reply');
    const employee = get('employee');
    const id = get('id');
    const over = firstOverBound([
      ['reviewer', overBound(manualReviewSchema.shape.reviewerName, reviewer)],
      ['comment', comment ? overBound(manualReviewSchema.shape.comment, comment) : null],
      ['employee', employee ? overBound(employeeTagSchema.shape.employeeTag, employee) : null],
      ['id', id.length > IMPORT_ID_MAX ? IMPORT_ID_MAX : null],
    ]);
    if (over) {
      tooLong(rowNumber, over.field, over.max);
      continue;
    }
    if (utf8Bytes(reply) > REPLY_MAX_BYTES) {
      fail(rowNumber, 'reviews.errors.replyTooLong');
      continue;
    }
    const locationText = get('location');
    let locationId: number | null = null;
    if (locationText) {
      locationId = byName.get(locationText.toLowerCase()) ?? (ours.some((l) => String(l.id) === locationText) ? Number(locationText) : null);
      if (!locationId) {
        fail(rowNumber, 'locations.errors.notFound');
        continue;
      }
    }
    const externalId = id ? `import-${id}` : `import-${crypto.createHash('sha1').update([site, reviewer, at.toISOString(), comment].join('\u0000')).digest('hex')}`;
    if (seen.has(`${site}:${externalId}`)) continue; // the same review twice in one file
    seen.add(`${site}:${externalId}`);
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
      employeeTag: employee || null,
    });
  }
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

/** Each field's column (the first whose header names it), by index. */
function mapColumns(headers: string[]): Partial<Record<Field, number>> {
  const out: Partial<Record<Field, number>> = {};
  headers.forEach((h, i) => {
    // No alias is long: a long header is no field's (and is never lower-cased).
    if (!h || h.length > 40) return;
    const key = h.trim().toLowerCase();
    for (const [field, aliases] of Object.entries(HEADERS) as [Field, string[]][]) {
      if (out[field] === undefined && aliases.includes(key)) out[field] = i;
    }
  });
  return out;
}
