'use client';

import { CheckCircle2 } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog-lazy';
import { Skeleton } from '@/components/ui/skeleton';
import type { Locale } from '@/lib/i18n/locales';
import { ReviewRow } from './review-row';
import { useReviewVerdicts } from './use-review-verdicts';

/**
 * The deliveries of one campaign that nobody can confirm: probably delivered, handed over before
 * the sender stopped or the provider went silent. Per contact: mark as sent, or send again after
 * a confirmation naming them (they may get it twice). "Mark all as sent" is offered; sending all
 * again is not. `onChanged` runs after every verdict, so the figures behind the dialog follow.
 */
export function ReviewDialog({ campaignId, onClose, onChanged }: { campaignId: number | null; onClose: () => void; onChanged?: () => void }) {
  // Keyed by campaign: another campaign's review starts afresh.
  return campaignId === null ? null : <ReviewDialogOpen key={campaignId} campaignId={campaignId} onClose={onClose} onChanged={onChanged} />;
}

function ReviewDialogOpen({ campaignId, onClose, onChanged }: { campaignId: number; onClose: () => void; onChanged?: () => void }) {
  const t = useTranslations('sending.review');
  const tc = useTranslations('common');
  const locale = useLocale() as Locale;
  const { data, loadError, refusal, busy, listRef, closeRef, load, markSent, resend, markAll } = useReviewVerdicts(campaignId, onChanged);

  const hasSms = data?.items.some((i) => i.channel === 'sms') ?? false;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent size="lg" aria-busy={data === null || busy !== null}>
        <DialogHeader>
          <DialogTitle>{data ? `${t('title')} · ${data.campaignName}` : t('title')}</DialogTitle>
          <DialogDescription>
            <strong className="font-semibold text-slate-800 dark:text-slate-100">{t('lead')}</strong> {t('explain')}
          </DialogDescription>
        </DialogHeader>
        {hasSms && <p className="text-xs text-slate-500 dark:text-slate-400">{t('smsChecked')}</p>}
        {data && !data.canResend && data.items.length > 0 && <p className="text-sm text-amber-700 dark:text-amber-300">{t('stoppedNote')}</p>}
        {refusal && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-500/15 dark:text-red-300">
            {refusal}
          </p>
        )}
        {loadError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700 dark:text-red-300">
            {loadError}
            <Button size="sm" variant="secondary" onClick={() => void load()}>
              {tc('retry')}
            </Button>
          </div>
        ) : data === null ? (
          <div role="status" aria-label={t('loading')} className="space-y-2">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : data.items.length === 0 ? (
          <p className="flex items-center gap-2 rounded-md bg-emerald-50 px-3 py-3 text-sm text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-200" data-testid="review-empty">
            <CheckCircle2 className="size-4 shrink-0" aria-hidden="true" />
            {t('empty')}
          </p>
        ) : (
          <>
            <ul ref={listRef} aria-label={t('list')} className="max-h-[50dvh] divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-700">
              {data.items.map((item, index) => (
                <ReviewRow key={item.deliveryId} item={item} locale={locale} busy={busy !== null} canResend={data.canResend} onMarkSent={() => markSent(item, index)} onResend={() => resend(item, index)} />
              ))}
            </ul>
            {data.total > data.items.length && <p className="text-xs text-slate-500 dark:text-slate-400">{t('more', { shown: data.items.length, total: data.total })}</p>}
          </>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button ref={closeRef} variant="ghost">
              {tc('close')}
            </Button>
          </DialogClose>
          {data && data.items.length > 0 && (
            <Button variant="secondary" onClick={markAll} loading={busy === 'all'} disabled={busy !== null}>
              {t('markAll')}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
