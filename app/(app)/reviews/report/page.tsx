import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { requireSession } from '@/lib/auth/session';
import { reviewReport } from '@/lib/reviews/report-page';
import { reviewFilterSchema } from '@/lib/reviews/schema';
import { formatDate, formatDateTime } from '@/lib/time/format';
import { PageHeader } from '@/components/ui/page-header';
import { TrendChart } from '@/components/dashboard/trend-chart';
import { RatingBars } from '@/components/dashboard/rating-bars';
import { PrintButton } from '@/components/reviews/print-button';
import type { ReviewSite } from '@/db/schema/reviews';
import { firstValues } from '@/lib/http/search-params';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('reviews.report');
  return { title: t('title') };
}

type Search = Promise<Record<string, string | string[] | undefined>>;

/** The printable report of the filtered reviews: summary figures, two charts and the reviews. */
export default async function ReviewReportPage({ searchParams }: { searchParams: Search }) {
  const { ctx, user } = await requireSession();
  const t = await getTranslations('reviews');
  const raw = firstValues(await searchParams);
  const parsed = reviewFilterSchema.safeParse(raw);
  const filters = parsed.success ? parsed.data : reviewFilterSchema.parse({});
  const { summary: s, rows, total, capped } = await reviewReport(ctx, filters);
  const back = new URLSearchParams(Object.entries(raw).filter(([, v]) => v) as [string, string][]);
  const figures = [
    [t('summary.total'), s.total],
    [t('summary.average'), s.average?.toFixed(2) ?? '-'],
    [t('summary.positive'), s.positive],
    [t('summary.negative'), s.negative],
    [t('report.responseRate'), s.responseRate === null ? '-' : `${s.responseRate}%`],
  ] as const;
  const applied = [
    filters.q && `${t('filters.keyword')}: ${filters.q}`,
    (filters.from || filters.to) && `${t('filters.from')} ${filters.from ?? '…'} – ${filters.to ?? '…'}`,
    filters.minRating && `${t('filters.minRating')}: ${filters.minRating}`,
    filters.maxRating && `${t('filters.maxRating')}: ${filters.maxRating}`,
    filters.site && `${t('filters.site')}: ${t(`sites.${filters.site}`)}`,
    filters.tag !== 'all' && `${t('filters.employee')}: ${t(filters.tag === 'tagged' ? 'filters.tagTagged' : 'filters.tagUntagged')}`,
    filters.view === 'needsResponse' && t('needsResponse'),
  ].filter(Boolean);

  return (
    <div id="review-report" className="flex flex-col gap-6">
      {/* Printing shows the report alone, without the app's navigation. */}
      <style>{`@media print { body * { visibility: hidden !important; } #review-report, #review-report * { visibility: visible !important; } #review-report { position: absolute; inset: 0; padding: 0 12mm; } .no-print { display: none !important; } }`}</style>
      <PageHeader
        title={t('report.title')}
        description={`${user.merchantName} · ${t('report.generated')} ${formatDateTime(ctx.now(), ctx.locale)}`}
        back={
          <Link href={`/reviews${back.size ? `?${back}` : ''}`} className="no-print text-primary hover:underline">
            ← {t('report.back')}
          </Link>
        }
        actions={
          <span className="no-print">
            <PrintButton label={t('report.print')} />
          </span>
        }
      />
      <p className="text-sm text-slate-500 dark:text-slate-400">{applied.length ? `${t('report.filters')}: ${applied.join(' · ')}` : t('report.noFilters')}</p>
      <dl className="grid grid-cols-5 gap-3 mobile:grid-cols-2 print:grid-cols-5">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-xl border border-slate-200 px-4 py-3 dark:border-slate-800">
            <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
            <dd className="mt-1 text-2xl font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="grid grid-cols-[2fr_1fr] gap-6 mobile:grid-cols-1 print:grid-cols-[2fr_1fr]">
        <section className="rounded-xl border border-slate-200 p-4 break-inside-avoid dark:border-slate-800">
          <h2 className="mb-3 text-sm font-semibold">{t('report.byMonth')}</h2>
          <TrendChart
            locale={ctx.locale}
            points={s.byMonth.map((m) => ({ month: m.month, total: m.count, average: m.average }))}
            labels={{ title: t('report.byMonth'), description: t('report.byMonthDesc'), month: t('report.month'), count: t('report.count'), average: t('summary.average') }}
          />
        </section>
        <section className="rounded-xl border border-slate-200 p-4 break-inside-avoid dark:border-slate-800">
          <h2 className="mb-3 text-sm font-semibold">{t('report.byRating')}</h2>
          <RatingBars counts={s.byRating} title={t('report.byRating')} />
          <h2 className="mt-4 mb-2 text-sm font-semibold">{t('report.bySite')}</h2>
          <ul className="text-sm">
            {s.bySite.map(([site, n]) => (
              <li key={site} className="flex justify-between border-b border-slate-100 py-1 dark:border-slate-800">
                <span>{t(`sites.${site as ReviewSite}`)}</span>
                <span className="tabular-nums">{n}</span>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <section>
        <h2 className="mb-2 text-sm font-semibold">{t('report.reviewsSheet')}</h2>
        {capped && (
          <p className="mb-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-500/10 dark:text-amber-200" role="note" data-testid="report-capped">
            {t('report.cappedNotice', { shown: rows.length, total })}{' '}
            <a href={`/api/reviews/report${back.size ? `?${back}` : ''}`} download className="font-medium underline">
              {t('report.cappedDownload')}
            </a>
          </p>
        )}
        <table className="w-full border-collapse text-sm">
          <thead>
            <tr className="border-b border-slate-300 text-start text-xs text-slate-500 dark:border-slate-700 dark:text-slate-400">
              <th className="py-2 pe-3 text-start">{t('columns.date')}</th>
              <th className="py-2 pe-3 text-start">{t('columns.site')}</th>
              <th className="py-2 pe-3 text-start">{t('columns.reviewer')}</th>
              <th className="py-2 pe-3 text-start">{t('columns.rating')}</th>
              <th className="py-2 text-start">{t('columns.comment')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} className="border-b border-slate-100 align-top break-inside-avoid dark:border-slate-800">
                <td className="py-2 pe-3 whitespace-nowrap tabular-nums">{formatDate(r.createTime, ctx.locale)}</td>
                <td className="py-2 pe-3 whitespace-nowrap">{t(`sites.${r.site}`)}</td>
                <td className="py-2 pe-3 wrap-anywhere">{r.reviewerName}</td>
                <td className="py-2 pe-3 tabular-nums">{r.rating}★</td>
                <td className="py-2 wrap-anywhere">
                  {r.comment || '—'}
                  {r.replyComment && <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">↳ {r.replyComment}</p>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
