'use client';

import { useCallback, useEffect, useState, useTransition } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { deliverySummaryAction } from '@/lib/sending/actions';
import type { DeliverySummary as Summary } from '@/lib/sending/summary';
import type { Locale } from '@/lib/i18n/locales';
import { formatDateTime } from '@/lib/time/format';
import { ReviewDialog } from './review-dialog';
import { ToCheckBadge } from './to-check-badge';
import { runtimeKey } from '@/lib/i18n/runtime-key';

const FIGURES = ['queued', 'sent', 'skipped', 'failed', 'needs_review', 'cancelled'] as const;

/**
 * Issue 7 item 8: a campaign's deliveries by status, with the problems and their reasons. The
 * deliveries in review show as "N to check" beside the sent figure and open the review dialog
 * (issue 19); the problem list below keeps the failures and skips.
 */
export function DeliverySummary({ campaignId }: { campaignId: number }) {
  const t = useTranslations('sending.summary');
  const tr = useTranslations('sending.reasons');
  const tv = useTranslations('sending.review');
  const locale = useLocale() as Locale;
  const [reviewing, setReviewing] = useState(false);
  const [summary, setSummary] = useState<Summary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();

  const load = useCallback(() => {
    start(async () => {
      const result = await deliverySummaryAction({ id: campaignId });
      if (result.ok) setSummary(result.data);
      else setError(result.message || t('failedLoad'));
    });
  }, [campaignId, t]);

  useEffect(load, [load]);

  if (error) return <p role="alert" className="text-sm text-red-600 dark:text-red-400">{error}</p>;
  if (!summary) return <Skeleton className="h-28 w-full" aria-label={t('loading')} />;
  const reason = (r: string | null) => (r && tr.has(runtimeKey<typeof tr>(r)) ? tr(runtimeKey<typeof tr>(r)) : (r ?? ''));
  const toCheck = summary.counts.needs_review;
  const problems = summary.problems.filter((p) => p.status !== 'needs_review');
  return (
    <section aria-labelledby={`deliveries-${campaignId}`} aria-busy={pending} className="space-y-3 text-sm">
      <h3 id={`deliveries-${campaignId}`} className="font-medium">
        {t('title')}
      </h3>
      <dl className="grid grid-cols-3 gap-2 mobile:grid-cols-2" data-testid="delivery-counts">
        {FIGURES.map((status) => (
          <div key={status} className="rounded-md bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
            <dt className="text-xs text-slate-500 dark:text-slate-400">{t(`status.${status}`)}</dt>
            <dd className="flex flex-wrap items-center gap-2 text-lg font-semibold tabular-nums">
              {summary.counts[status]}
              {status === 'sent' && <ToCheckBadge count={toCheck} onOpen={() => setReviewing(true)} />}
            </dd>
          </div>
        ))}
        <div className="rounded-md bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
          <dt className="text-xs text-slate-500 dark:text-slate-400">{t('opened')}</dt>
          <dd className="text-lg font-semibold tabular-nums">{summary.opened}</dd>
        </div>
        <div className="rounded-md bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
          <dt className="text-xs text-slate-500 dark:text-slate-400">{t('clicked')}</dt>
          <dd className="text-lg font-semibold tabular-nums">{summary.clicked}</dd>
        </div>
      </dl>
      {toCheck > 0 && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md bg-amber-50 px-3 py-2 text-amber-800 dark:bg-amber-500/10 dark:text-amber-200" data-testid="review-banner">
          <p className="min-w-0 flex-1">
            <span className="font-medium">{tv('toCheck', { count: toCheck })}</span> · {tv('lead')}
          </p>
          <Button size="sm" variant="secondary" onClick={() => setReviewing(true)}>
            {tv('open')}
          </Button>
        </div>
      )}
      <h4 className="font-medium">{t('problems')}</h4>
      {problems.length === 0 ? (
        <p className="text-slate-500 dark:text-slate-400">{t('noProblems')}</p>
      ) : (
        <ul className="max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-700">
          {problems.map((p) => (
            <li key={p.deliveryId} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
              <Badge tone={p.status === 'failed' ? 'danger' : 'neutral'}>{t(`status.${p.status}`)}</Badge>
              <span className="font-medium">{p.name || p.address}</span>
              <span className="text-slate-500 dark:text-slate-400">{p.address}</span>
              <span className="text-slate-500 dark:text-slate-400">{reason(p.reason)}</span>
              <span className="ms-auto text-xs tabular-nums text-slate-500 dark:text-slate-400">{formatDateTime(p.at, locale)}</span>
            </li>
          ))}
        </ul>
      )}
      {reviewing && <ReviewDialog campaignId={campaignId} onClose={() => setReviewing(false)} onChanged={load} />}
    </section>
  );
}
