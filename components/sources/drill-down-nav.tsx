import { ChevronRight } from 'lucide-react';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';

export const linkClass = 'font-medium text-primary hover:underline underline-offset-4 dark:text-primary-light';

export function sourcesHref(q: { source: number; account?: string; location?: string; pageToken?: string }): string {
  const p = new URLSearchParams({ source: String(q.source) });
  if (q.account) p.set('account', q.account);
  if (q.location) p.set('location', q.location);
  if (q.pageToken) p.set('pageToken', q.pageToken);
  return `/sources?${p.toString()}`;
}

/** Where the drill-down is: accounts, then the account, then the location; each level above links back up. */
export async function Crumbs({ sourceId, account, accountName, location, locationName }: { sourceId: number; account?: string; accountName?: string; location?: string; locationName?: string | null }) {
  const t = await getTranslations('sources');
  return (
    <nav aria-label={t('breadcrumb')} className="mb-4 flex flex-wrap items-center gap-1 text-sm text-slate-500 dark:text-slate-400">
      {account ? (
        <Link className={linkClass} href={sourcesHref({ source: sourceId })}>
          {t('levels.accounts')}
        </Link>
      ) : (
        <span aria-current="page" className="font-medium text-slate-900 dark:text-slate-100">
          {t('levels.accounts')}
        </span>
      )}
      {account && (
        <>
          <ChevronRight className="size-4" aria-hidden="true" />
          {location ? (
            <Link className={linkClass} href={sourcesHref({ source: sourceId, account })}>
              {accountName ?? account}
            </Link>
          ) : (
            <span aria-current="page" className="font-medium text-slate-900 dark:text-slate-100">
              {accountName ?? account}
            </span>
          )}
        </>
      )}
      {location && (
        <>
          <ChevronRight className="size-4" aria-hidden="true" />
          <span aria-current="page" className="font-medium text-slate-900 dark:text-slate-100">
            {locationName ?? location}
          </span>
        </>
      )}
    </nav>
  );
}

/** Back to the first page, and on to the next (the provider pages with tokens, so there is no page count). */
export async function Paging({ next, href, first }: { next: string | null; href: (token: string) => string; first: string | null }) {
  if (!next && !first) return null;
  const t = await getTranslations('sources');
  return (
    <div className="mt-3 flex justify-end gap-4 text-sm">
      {first && (
        <Link className={linkClass} href={first}>
          {t('firstPage')}
        </Link>
      )}
      {next && (
        <Link className={linkClass} href={href(next)}>
          {t('nextPage')}
        </Link>
      )}
    </div>
  );
}
