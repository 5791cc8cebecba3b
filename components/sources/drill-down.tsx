import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { MapPin, Building2, MessageSquareText } from 'lucide-react';
import type { ServiceContext } from '@/lib/context';
import { isAppError } from '@/lib/errors/app-error';
import { browseAccounts, browseLocations, browseReviews } from '@/lib/sources/browse';
import { cachedLocationTitle } from '@/lib/sources/cache';
import { EmptyState } from '@/components/ui/empty-state';
import { Crumbs, linkClass, Paging, sourcesHref } from './drill-down-nav';
import { LinkControl } from './link-control';
import { ProviderReviewItem } from './provider-review-item';

interface Props {
  ctx: ServiceContext;
  sourceId: number;
  providerName: string;
  account?: string;
  accountName?: string;
  location?: string;
  pageToken?: string;
  ourLocations: { id: number; name: string }[];
}

/**
 * Accounts, then locations, then reviews, read live from the provider; each level links back up.
 * The level and page live in the URL, so back and forward and a shared link all work.
 */
export async function DrillDown(props: Props) {
  const t = await getTranslations('sources');
  const { ctx, sourceId, account, location, pageToken } = props;
  try {
    if (account && location) return await reviewsLevel();
    if (account) return await locationsLevel();
    return await accountsLevel();
  } catch (error) {
    if (!isAppError(error)) throw error;
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-500/40 dark:bg-red-500/10 dark:text-red-200">
        {t(error.messageKey.replace(/^sources\./, '') as 'errors.providerFailed')}
      </div>
    );
  }

  async function accountsLevel() {
    const page = await browseAccounts(ctx, sourceId, pageToken);
    return (
      <section aria-labelledby="level-title">
        <Crumbs sourceId={sourceId} account={account} accountName={props.accountName} location={location} />
        <h3 id="level-title" className="sr-only">
          {t('levels.accounts')}
        </h3>
        {page.items.length === 0 ? (
          <EmptyState icon={Building2} title={t('empty.accounts')} />
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            {page.items.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900 dark:text-slate-100">{a.name}</p>
                  <p className="text-xs text-slate-500 tabular-nums dark:text-slate-400">
                    {t('accountId')}: {a.id.replace(/^accounts\//, '')}
                  </p>
                </div>
                <Link className={linkClass} href={sourcesHref({ source: sourceId, account: a.id })}>
                  {t('viewLocations')}
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Paging next={page.nextPageToken} href={(token) => sourcesHref({ source: sourceId, pageToken: token })} first={pageToken ? sourcesHref({ source: sourceId }) : null} />
      </section>
    );
  }

  async function locationsLevel() {
    const page = await browseLocations(ctx, sourceId, account as string, pageToken);
    return (
      <section aria-labelledby="level-title">
        <Crumbs sourceId={sourceId} account={account} accountName={props.accountName} location={location} />
        <h3 id="level-title" className="sr-only">
          {t('levels.locations')}
        </h3>
        {page.items.length === 0 ? (
          <EmptyState icon={MapPin} title={t('empty.locations')} />
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            {page.items.map((l) => (
              <li key={l.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3" data-testid="provider-location">
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-slate-900 dark:text-slate-100">{l.name}</p>
                  <p className="text-sm text-slate-500 dark:text-slate-400">{l.address || '-'}</p>
                  <Link className={`${linkClass} text-sm`} href={sourcesHref({ source: sourceId, account, location: l.id })}>
                    {t('viewReviews')}
                  </Link>
                </div>
                <LinkControl sourceLocationId={l.sourceLocationId} providerName={l.name} linkedLocationId={l.linkedLocationId} linkedLocationName={l.linkedLocationName} options={props.ourLocations} />
              </li>
            ))}
          </ul>
        )}
        <Paging next={page.nextPageToken} href={(token) => sourcesHref({ source: sourceId, account, pageToken: token })} first={pageToken ? sourcesHref({ source: sourceId, account }) : null} />
      </section>
    );
  }

  async function reviewsLevel() {
    // The location's name comes from our cache (filled at the locations level): no extra API call.
    const [page, locationName] = await Promise.all([browseReviews(ctx, sourceId, account as string, location as string, pageToken), cachedLocationTitle(ctx, sourceId, location as string)]);
    return (
      <section aria-labelledby="level-title">
        <Crumbs sourceId={sourceId} account={account} accountName={props.accountName} location={location} locationName={locationName} />
        <div className="mb-3 flex flex-wrap items-baseline gap-x-4 gap-y-1">
          <h3 id="level-title" className="text-base font-semibold text-slate-900 dark:text-slate-100">
            {t('levels.reviews')}
          </h3>
          {page.totalReviewCount !== null && (
            <p className="text-sm text-slate-500 dark:text-slate-400">{t('reviewTotals', { total: page.totalReviewCount, average: page.averageRating ?? '-' })}</p>
          )}
        </div>
        {page.items.length === 0 ? (
          <EmptyState icon={MessageSquareText} title={t('empty.reviews')} />
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            {page.items.map((r) => (
              <ProviderReviewItem key={r.id} review={r} locale={ctx.locale} />
            ))}
          </ul>
        )}
        <Paging next={page.nextPageToken} href={(token) => sourcesHref({ source: sourceId, account, location, pageToken: token })} first={pageToken ? sourcesHref({ source: sourceId, account, location }) : null} />
      </section>
    );
  }
}
