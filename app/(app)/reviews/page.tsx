import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { MessageSquareQuote } from 'lucide-react';
import { formatInTimeZone } from 'date-fns-tz';
import { requireSession } from '@/lib/auth/session';
import { listReviews } from '@/lib/reviews/list-reviews';
import { reviewFilterSchema, REVIEW_PAGE_SIZES, type ReviewFilters as Filters } from '@/lib/reviews/schema';
import { revokedSources } from '@/lib/sources/overview';
import { locationOptions } from '@/lib/locations/options';
import { formatDateTime, DEFAULT_TIME_ZONE } from '@/lib/time/format';
import { PageHeader } from '@/components/ui/page-header';
import { LinkTabs } from '@/components/ui/link-tabs';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { RevokedBanner } from '@/components/sources/revoked-banner';
import { ReviewFilters } from '@/components/reviews/review-filters';
import { ReviewCard } from '@/components/reviews/review-card';
import { SummaryStrip } from '@/components/reviews/summary-strip';
import { AddReviewButton, ImportButton } from '@/components/reviews/review-dialog-buttons';
import { ReportMenu } from '@/components/reviews/report-menu';
import { ClientMessages } from '@/components/i18n/client-messages';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('reviews');
  return { title: t('title') };
}

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function ReviewsPage({ searchParams }: { searchParams: Search }) {
  const { ctx } = await requireSession();
  const t = await getTranslations('reviews');
  const raw = Object.fromEntries(Object.entries(await searchParams).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
  const parsed = reviewFilterSchema.safeParse(raw);
  // A hand-edited URL with a bad value shows everything rather than an error page.
  const filters: Filters = parsed.success ? parsed.data : reviewFilterSchema.parse({});
  const [page, needs, revoked, ours] = await Promise.all([
    listReviews(ctx, filters),
    listReviews(ctx, { ...filters, view: 'needsResponse', pageNum: 1, pageSize: 10 }),
    revokedSources(ctx),
    locationOptions(ctx),
  ]);
  const query = new URLSearchParams(Object.entries(raw).filter(([k, v]) => v && !['pageNum', 'pageSize'].includes(k)) as [string, string][]);
  const withView = (view: 'all' | 'needsResponse') => {
    const p = new URLSearchParams(query);
    p.delete('view');
    if (view === 'needsResponse') p.set('view', 'needsResponse');
    return `/reviews${p.size ? `?${p}` : ''}`;
  };
  const today = formatInTimeZone(ctx.now(), DEFAULT_TIME_ZONE, 'yyyy-MM-dd');
  const filtered = query.size > (query.has('view') ? 1 : 0);

  return (
    <ClientMessages namespaces={['common', 'reviews', 'ui', 'validation']}>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <>
            <AddReviewButton locations={ours} today={today} />
            <ImportButton />
            <ReportMenu query={query.toString()} />
          </>
        }
      />
      <RevokedBanner revoked={revoked} />
      {!parsed.success && (
        <p role="alert" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200">
          {t('filters.invalid')}
        </p>
      )}
      <div className="flex flex-col gap-5">
        <ReviewFilters values={filters} locations={ours} />
        <LinkTabs
          aria-label={t('views')}
          items={[
            { href: withView('all'), label: t('viewAll'), active: filters.view === 'all' },
            { href: withView('needsResponse'), label: t('needsResponse'), active: filters.view === 'needsResponse', count: needs.total },
          ]}
        />
        <SummaryStrip total={page.total} summary={page.summary} />
        {page.records.length === 0 ? (
          <div className="rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
            <EmptyState icon={MessageSquareQuote} title={filtered ? t('empty.filtered') : t('empty.title')} description={filtered ? t('empty.filteredHint') : t('empty.hint')} />
          </div>
        ) : (
          <>
            {/* Each card's reviewer name is an <h3>: this keeps the outline h1 → h2 → h3 (axe heading-order). */}
            <h2 className="sr-only">{filters.view === 'needsResponse' ? t('needsResponse') : t('viewAll')}</h2>
            <div className="flex flex-col gap-3" aria-live="polite">
              {page.records.map((r) => (
                <ReviewCard
                  key={r.id}
                  review={{
                    id: r.id,
                    site: r.site,
                    origin: r.origin,
                    locationName: r.locationName,
                    reviewerName: r.reviewerName,
                    rating: r.rating,
                    comment: r.comment,
                    createTime: r.createTime.toISOString(),
                    createLabel: formatDateTime(r.createTime, ctx.locale),
                    replyComment: r.replyComment,
                    replyLabel: r.replyTime ? formatDateTime(r.replyTime, ctx.locale) : null,
                    employeeTag: r.employeeTag,
                    needsResponse: Boolean(r.needsResponse),
                  }}
                />
              ))}
            </div>
          </>
        )}
        {page.total > 0 && <Pager total={page.total} pageNum={page.pageNum} pageSize={page.pageSize} pageSizes={REVIEW_PAGE_SIZES} />}
      </div>
    </ClientMessages>
  );
}
