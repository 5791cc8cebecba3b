import { getTranslations } from 'next-intl/server';
import { MessageSquareQuote } from 'lucide-react';
import { listReviews } from '@/lib/reviews/list-reviews';
import { REVIEW_PAGE_SIZES, type ReviewFilters as Filters } from '@/lib/reviews/schema';
import type { ServiceContext } from '@/lib/context';
import { formatDateTime } from '@/lib/time/format';
import { LinkTabs } from '@/components/ui/link-tabs';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { ReviewCard } from '@/components/reviews/review-card';
import { SummaryStrip } from '@/components/reviews/summary-strip';

/** The views with their counts, the summary, one page of reviews and the pager. */
export async function ReviewResults({ ctx, filters, query }: { ctx: ServiceContext; filters: Filters; query: URLSearchParams }) {
  const t = await getTranslations('reviews');
  const page = await listReviews(ctx, filters);
  const withView = (view: 'all' | 'needsResponse') => {
    const p = new URLSearchParams(query);
    p.delete('view');
    if (view === 'needsResponse') p.set('view', 'needsResponse');
    return `/reviews${p.size ? `?${p}` : ''}`;
  };
  const filtered = query.size > (query.has('view') ? 1 : 0);
  // The needs-response tab's count is the summary's: the same condition under the same filters
  // (tests/integration/reviews-list.test.ts), not a second page of reviews.
  return (
    <>
      <LinkTabs
        aria-label={t('views')}
        items={[
          { href: withView('all'), label: t('viewAll'), active: filters.view === 'all' },
          { href: withView('needsResponse'), label: t('needsResponse'), active: filters.view === 'needsResponse', count: page.summary.needsResponse },
        ]}
      />
      <SummaryStrip total={page.total} summary={page.summary} />
      {/* What a filter change announces: the count, not the cards (nor an open reply editor's counter). Always
          rendered, so the region is there before its text changes. */}
      <p role="status" className="sr-only" data-testid="review-result-count">
        {t('resultCount', { count: page.total })}
      </p>
      {page.records.length === 0 ? (
        <div className="rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
          <EmptyState icon={MessageSquareQuote} title={filtered ? t('empty.filtered') : t('empty.title')} description={filtered ? t('empty.filteredHint') : t('empty.hint')} />
        </div>
      ) : (
        <>
          {/* Each card's reviewer name is an <h3>: this keeps the outline h1 → h2 → h3 (axe heading-order). */}
          <h2 className="sr-only">{filters.view === 'needsResponse' ? t('needsResponse') : t('viewAll')}</h2>
          <div className="flex flex-col gap-3">
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
    </>
  );
}
