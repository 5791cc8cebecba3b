import ExcelJS from 'exceljs';
import type { ServiceContext } from '@/lib/context';
import { onReplica } from '@/lib/db/replica';
import { translatorFor } from '@/lib/i18n/translator';
import { formatDateTime } from '@/lib/time/format';
import { allFilteredReviews } from './list-reviews';
import type { ReviewFilters } from './schema';
import { escapeCell } from '@/lib/contacts/export/export-rows';

export type ReportRow = Awaited<ReturnType<typeof allFilteredReviews>>[number];

/** Summary figures of a set of reviews: what the printable report and the spreadsheet show. */
export function summarise(rows: Pick<ReportRow, 'rating' | 'site' | 'createTime' | 'replyComment'>[]) {
  const byRating = [1, 2, 3, 4, 5].map((star) => rows.filter((r) => r.rating === star).length);
  const bySite = new Map<string, number>();
  const byMonth = new Map<string, { count: number; sum: number }>();
  for (const r of rows) {
    bySite.set(r.site, (bySite.get(r.site) ?? 0) + 1);
    const month = formatDateTime(r.createTime, 'zh-CN').slice(0, 7);
    const m = byMonth.get(month) ?? { count: 0, sum: 0 };
    m.count++;
    m.sum += r.rating;
    byMonth.set(month, m);
  }
  const total = rows.length;
  const answered = rows.filter((r) => r.replyComment !== null).length;
  return {
    total,
    average: total ? Math.round((rows.reduce((s, r) => s + r.rating, 0) / total) * 100) / 100 : null,
    positive: byRating[3] + byRating[4],
    negative: byRating[0] + byRating[1],
    answered,
    responseRate: total ? Math.round((answered / total) * 1000) / 10 : null,
    byRating,
    bySite: [...bySite.entries()].sort((a, b) => b[1] - a[1]),
    byMonth: [...byMonth.entries()].sort((a, b) => a[0].localeCompare(b[0])).map(([month, m]) => ({ month, count: m.count, average: Math.round((m.sum / m.count) * 100) / 100 })),
  };
}

/** The filtered reviews as a spreadsheet: a summary sheet and one row per review. */
export async function reviewsWorkbook(ctx: ServiceContext, filters: Partial<ReviewFilters>): Promise<Buffer> {
  const t = translatorFor(ctx.locale);
  // A report reads from the replica when one is configured (lib/db/replica.ts).
  const rows = await allFilteredReviews(await onReplica(ctx), filters);
  const s = summarise(rows);
  const wb = new ExcelJS.Workbook();
  wb.creator = 'StarLoop';
  wb.created = ctx.now();
  const summary = wb.addWorksheet(t('reviews.report.summary'));
  summary.columns = [{ width: 28 }, { width: 16 }];
  summary.addRows([
    [t('reviews.report.title')],
    [t('reviews.report.generated'), formatDateTime(ctx.now(), ctx.locale)],
    [],
    [t('reviews.summary.total'), s.total],
    [t('reviews.summary.average'), s.average ?? '-'],
    [t('reviews.summary.positive'), s.positive],
    [t('reviews.summary.negative'), s.negative],
    [t('reviews.report.responseRate'), s.responseRate === null ? '-' : `${s.responseRate}%`],
    [],
    [t('reviews.report.byRating')],
    ...[5, 4, 3, 2, 1].map((star) => [`${star} ★`, s.byRating[star - 1]]),
    [],
    [t('reviews.report.bySite')],
    ...s.bySite.map(([site, n]) => [t(`reviews.sites.${site}`), n]),
  ]);
  summary.getRow(1).font = { bold: true, size: 14 };
  const sheet = wb.addWorksheet(t('reviews.report.reviewsSheet'));
  sheet.columns = [
    { header: t('reviews.columns.date'), key: 'date', width: 20 },
    { header: t('reviews.columns.site'), key: 'site', width: 14 },
    { header: t('reviews.columns.location'), key: 'location', width: 24 },
    { header: t('reviews.columns.reviewer'), key: 'reviewer', width: 18 },
    { header: t('reviews.columns.rating'), key: 'rating', width: 8 },
    { header: t('reviews.columns.comment'), key: 'comment', width: 60 },
    { header: t('reviews.columns.reply'), key: 'reply', width: 60 },
    { header: t('reviews.columns.replyTime'), key: 'replyTime', width: 20 },
    { header: t('reviews.columns.employee'), key: 'employee', width: 14 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) {
    sheet.addRow({
      date: formatDateTime(r.createTime, ctx.locale),
      site: t(`reviews.sites.${r.site}`),
      // Text others wrote (reviewers, staff) is kept from running as a formula (= + - @ tab).
      location: escapeCell(r.locationName ?? ''),
      reviewer: escapeCell(r.reviewerName),
      rating: r.rating,
      comment: escapeCell(r.comment),
      reply: escapeCell(r.replyComment ?? ''),
      replyTime: r.replyTime ? formatDateTime(r.replyTime, ctx.locale) : '',
      employee: escapeCell(r.employeeTag ?? ''),
    });
  }
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await wb.xlsx.writeBuffer());
}
