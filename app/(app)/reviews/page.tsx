import type { Metadata } from 'next';
import { Suspense } from 'react';
import { getTranslations } from 'next-intl/server';
import { formatInTimeZone } from 'date-fns-tz';
import { requireSession } from '@/lib/auth/session';
import { reviewFilterSchema, type ReviewFilters as Filters } from '@/lib/reviews/schema';
import { revokedSources } from '@/lib/sources/overview';
import { locationOptions } from '@/lib/locations/options';
import { employeeOptions } from '@/lib/reviews/options';
import { DEFAULT_TIME_ZONE } from '@/lib/time/format';
import { PageHeader } from '@/components/ui/page-header';
import { RevokedBanner } from '@/components/sources/revoked-banner';
import { ReviewFilters } from '@/components/reviews/review-filters';
import { AddReviewButton, ImportButton } from '@/components/reviews/review-dialog-buttons';
import { ReportMenu } from '@/components/reviews/report-menu';
import { ClientMessages } from '@/components/i18n/client-messages';
import { ReviewResultsSkeleton } from '@/components/reviews/review-results-skeleton';
import { ReviewResults } from './review-results';
import { firstValues } from '@/lib/http/search-params';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('reviews');
  return { title: t('title') };
}

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function ReviewsPage({ searchParams }: { searchParams: Search }) {
  const { ctx } = await requireSession();
  const t = await getTranslations('reviews');
  const raw = firstValues(await searchParams);
  const parsed = reviewFilterSchema.safeParse(raw);
  // A hand-edited URL with a bad value shows everything rather than an error page.
  const filters: Filters = parsed.success ? parsed.data : reviewFilterSchema.parse({});
  // The heading, the actions and the filters need only these two small reads: they go out with the
  // page's first paint, and the reviews follow in their own boundary (bench/RESULTS.md, 2026-11-28:
  // a page revealed after the first frame waits 300 ms more).
  const [revoked, ours, employees] = await Promise.all([revokedSources(ctx), locationOptions(ctx), employeeOptions(ctx)]);
  const query = new URLSearchParams(Object.entries(raw).filter(([k, v]) => v && !['pageNum', 'pageSize'].includes(k)) as [string, string][]);
  const today = formatInTimeZone(ctx.now(), DEFAULT_TIME_ZONE, 'yyyy-MM-dd');

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
        <ReviewFilters values={filters} locations={ours} employees={employees} />
        <Suspense fallback={<ReviewResultsSkeleton />}>
          <ReviewResults ctx={ctx} filters={filters} query={query} />
        </Suspense>
      </div>
    </ClientMessages>
  );
}
