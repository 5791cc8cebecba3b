import type { Metadata } from 'next';
import { ExternalLink, QrCode } from 'lucide-react';
import { getDb } from '@/db/client';
import { requestLocale } from '@/lib/auth/session';
import { translatorFor } from '@/lib/i18n/translator';
import { logError } from '@/lib/observability/log-error';
import { newRequestId } from '@/lib/observability/request-id';
import { reviewSitesForCode, type ReviewSitesView } from '@/lib/review-links/review-sites';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { robots: { index: false, follow: false }, referrer: 'no-referrer' };

/**
 * Where a scanned review code lands when it has no review link to go to: the location's review
 * sites, or, for an unknown or turned-off code, a friendly word instead of an error.
 */
export default async function ReviewSitesPage({ params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  const locale = await requestLocale();
  const t = translatorFor(locale);
  let view: ReviewSitesView | null = null;
  try {
    view = await reviewSitesForCode(await getDb(), code);
  } catch (error) {
    logError(newRequestId(), error);
  }
  return (
    <main lang={locale} className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-10 dark:bg-slate-950">
      <div className="flex w-full max-w-md flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-800 dark:bg-slate-900 mobile:p-6">
        <QrCode aria-hidden className="size-8 text-primary-700 dark:text-primary-300" />
        {view ? (
          <>
            <h1 className="text-xl font-semibold text-slate-900 dark:text-white">{t('reviewLinks.public.title', { name: view.merchantName })}</h1>
            <p className="text-sm text-slate-600 dark:text-slate-300">{t('reviewLinks.public.hint', { location: view.locationName })}</p>
            <ul className="flex flex-col gap-2">
              {view.sites.map((s) => (
                <li key={s.site}>
                  <a
                    href={s.url}
                    rel="noopener noreferrer nofollow"
                    className="flex min-h-11 items-center justify-between rounded-lg border border-slate-200 px-4 py-2 text-sm font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-primary-600 dark:border-slate-700 dark:text-white dark:hover:bg-slate-800"
                  >
                    {t(`reviews.sites.${s.site}`)}
                    <ExternalLink aria-hidden className="size-4" />
                  </a>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <>
            <h1 className="text-xl font-semibold text-slate-900 dark:text-white">{t('reviewLinks.public.unavailable')}</h1>
            <p className="text-sm text-slate-600 dark:text-slate-300">{t('reviewLinks.public.unavailableHint')}</p>
          </>
        )}
      </div>
    </main>
  );
}
