'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { notify } from '@/lib/notify/notify';
import { campaignReviewsAction, markAllReviewsSentAction, resolveReviewAction } from '@/lib/sending/actions';
import type { CampaignReviews, ReviewItem } from '@/lib/sending/review';

/** The review dialog's list and verdicts (mark as sent, send again, mark all), keeping the focus on the list as rows leave it. */
export function useReviewVerdicts(campaignId: number, onChanged: (() => void) | undefined) {
  const t = useTranslations('sending.review');
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

  return { data, loadError, refusal, busy, listRef, closeRef, load, markSent, resend, markAll };
}
