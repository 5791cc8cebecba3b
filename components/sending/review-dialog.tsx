'use client';

import { CheckCircle2, Mail, MessageSquare } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import type { Locale } from '@/lib/i18n/locales';
import { notify } from '@/lib/notify/notify';
import { campaignReviewsAction, markAllReviewsSentAction, resolveReviewAction } from '@/lib/sending/actions';
import type { CampaignReviews, ReviewItem } from '@/lib/sending/review';
import { formatDateTime } from '@/lib/time/format';

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
  const confirm = useConfirm();
  const [data, setData] = useState<CampaignReviews | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | 'all' | null>(null);
  // After a row leaves the list, the focus goes to the row now at its place (or the close button).
  const focusRow = useRef<number | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  const load = useCallback(
    () =>
      campaignReviewsAction({ id: campaignId })
        .then((result) => {
          setLoadError(result.ok ? null : result.message || t('failedLoad'));
          if (result.ok) setData(result.data);
        })
        .catch(() => setLoadError(t('failedLoad'))),
    [campaignId, t],
  );

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (focusRow.current === null || !data) return;
    const rows = listRef.current?.querySelectorAll<HTMLElement>('li button');
    const index = focusRow.current;
    focusRow.current = null;
    const buttonsPerRow = data.canResend ? 2 : 1;
    const target = rows?.[Math.min(index, data.items.length - 1) * buttonsPerRow] ?? closeRef.current;
    target?.focus();
  }, [data]);

  const finish = async (index: number, refused: string | null) => {
    setRefusal(refused);
    if (refused) notify.warning(refused);
    focusRow.current = index;
    await load();
    onChanged?.();
  };

  const markSent = async (item: ReviewItem, index: number) => {
    setBusy(item.deliveryId);
    try {
      const result = await resolveReviewAction({ deliveryId: item.deliveryId, verdict: 'sent' });
      if (result.ok) notify.success(t('markedSent'));
      await finish(index, result.ok ? null : result.message);
    } finally {
      setBusy(null);
    }
  };

  const resend = async (item: ReviewItem, index: number) => {
    const name = item.name || item.address;
    const ok = await confirm({ title: t('resendTitle', { name }), description: t('resendWarning', { name }), confirmLabel: t('resend'), danger: true });
    if (!ok) return;
    setBusy(item.deliveryId);
    try {
      const result = await resolveReviewAction({ deliveryId: item.deliveryId, verdict: 'resend' });
      if (result.ok) notify.success(t('queuedAgain'));
      await finish(index, result.ok ? null : result.message);
    } finally {
      setBusy(null);
    }
  };

  const markAll = async () => {
    if (!data) return;
    const ok = await confirm({ title: t('markAllTitle', { count: data.total }), description: t('markAllText'), confirmLabel: t('markAll') });
    if (!ok) return;
    setBusy('all');
    try {
      const result = await markAllReviewsSentAction({ id: campaignId });
      if (result.ok) notify.success(t('allMarked'));
      await finish(0, result.ok ? null : result.message);
    } finally {
      setBusy(null);
    }
  };

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

function ReviewRow({ item, locale, busy, canResend, onMarkSent, onResend }: { item: ReviewItem; locale: Locale; busy: boolean; canResend: boolean; onMarkSent: () => void; onResend: () => void }) {
  const t = useTranslations('sending.review');
  const name = item.name || item.address;
  const Icon = item.channel === 'sms' ? MessageSquare : Mail;
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-3 py-3" data-testid="review-row">
      <div className="min-w-0 flex-1 basis-56 space-y-0.5">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900 dark:text-slate-100">{name}</span>
          <Badge tone="neutral">
            <Icon aria-hidden="true" />
            {t(`channel.${item.channel}`)}
          </Badge>
        </p>
        {item.name && <p className="text-sm break-all text-slate-500 dark:text-slate-400">{item.address}</p>}
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {t(`reason.${item.reason}`)} · {t('handedOver', { time: formatDateTime(item.at, locale) })}
        </p>
      </div>
      <div className="flex gap-2 mobile:w-full">
        <Button size="sm" variant="secondary" className="mobile:flex-1" onClick={onMarkSent} disabled={busy}>
          {t('markSent')}
          <span className="sr-only">{t('contactFor', { name })}</span>
        </Button>
        {canResend && (
          <Button size="sm" variant="ghost" className="mobile:flex-1" onClick={onResend} disabled={busy}>
            {t('resend')}
            <span className="sr-only">{t('contactFor', { name })}</span>
          </Button>
        )}
      </div>
    </li>
  );
}
