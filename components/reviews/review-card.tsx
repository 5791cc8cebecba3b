'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { MapPin, MessageSquareReply, MoreHorizontal, Pencil, Tag, Trash2, UserRound } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { notify } from '@/lib/notify/notify';
import { deleteReplyAction, deleteReviewAction, setEmployeeTagAction } from '@/lib/reviews/actions';
import { Stars } from './stars';
import { ReplyEditor } from './reply-editor';
import type { ReviewSite } from '@/db/schema/reviews';

export interface ReviewCardData {
  id: number;
  site: string;
  origin: string;
  locationName: string | null;
  reviewerName: string;
  rating: number;
  comment: string;
  createTime: string;
  createLabel: string;
  replyComment: string | null;
  replyLabel: string | null;
  employeeTag: string | null;
  needsResponse: boolean;
}

export function ReviewCard({ review }: { review: ReviewCardData }) {
  const t = useTranslations('reviews');
  const router = useRouter();
  const confirm = useConfirm();
  const [editing, setEditing] = useState(false);
  const [tagging, setTagging] = useState(false);
  const [tag, setTag] = useState(review.employeeTag ?? '');
  const toGoogle = review.site === 'google';

  const removeReply = async () => {
    if (!(await confirm({ title: t('reply.deleteConfirm.title'), description: toGoogle ? t('reply.deleteConfirm.google') : t('reply.deleteConfirm.local'), danger: true }))) return;
    const result = await deleteReplyAction({ id: review.id });
    if (!result.ok) return notify.warning(result.message);
    notify.success(result.message ?? t('reply.deleted'));
    router.refresh();
  };
  const saveTag = async (event: React.FormEvent) => {
    event.preventDefault();
    const result = await setEmployeeTagAction({ id: review.id, employeeTag: tag });
    if (!result.ok) return notify.warning(result.message);
    notify.success(result.message ?? t('tagSaved'));
    setTagging(false);
    router.refresh();
  };
  const removeReview = async () => {
    if (!(await confirm({ title: t('deleteConfirm.title'), description: t('deleteConfirm.body'), danger: true }))) return;
    const result = await deleteReviewAction({ id: review.id });
    if (!result.ok) return notify.warning(result.message);
    notify.success(result.message ?? t('deleted'));
    router.refresh();
  };

  return (
    <article className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-xs dark:border-slate-800 dark:bg-slate-900 mobile:p-4" aria-labelledby={`review-${review.id}-by`} data-testid="review-card">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={`review-${review.id}-by`} className="font-semibold text-slate-900 dark:text-slate-100">
              {review.reviewerName}
            </h3>
            <Badge tone={toGoogle ? 'primary' : 'neutral'}>{t(`sites.${review.site as ReviewSite}`)}</Badge>
            {review.needsResponse && <Badge tone="warning">{t('needsResponse')}</Badge>}
          </div>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
            <Stars rating={review.rating} label={t('stars', { rating: review.rating })} />
            <time dateTime={review.createTime} className="tabular-nums">
              {review.createLabel}
            </time>
            {review.locationName && (
              <span className="inline-flex items-center gap-1">
                <MapPin className="size-3.5" aria-hidden="true" />
                {review.locationName}
              </span>
            )}
            {review.employeeTag && (
              <span className="inline-flex items-center gap-1">
                <UserRound className="size-3.5" aria-hidden="true" />
                {review.employeeTag}
              </span>
            )}
          </div>
        </div>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={t('moreActions', { name: review.reviewerName })}>
              <MoreHorizontal aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent>
            <DropdownMenuItem onSelect={() => setTagging(true)}>
              <Tag aria-hidden="true" />
              {t('tagEmployee')}
            </DropdownMenuItem>
            {review.origin !== 'sync' && (
              <DropdownMenuItem danger onSelect={removeReview}>
                <Trash2 aria-hidden="true" />
                {t('deleteReview')}
              </DropdownMenuItem>
            )}
          </DropdownMenuContent>
        </DropdownMenu>
      </header>
      {review.comment ? <p className="text-sm leading-relaxed whitespace-pre-line text-slate-700 dark:text-slate-300">{review.comment}</p> : <p className="text-sm text-slate-400 italic">{t('noComment')}</p>}
      {tagging && (
        <form onSubmit={saveTag} className="flex flex-wrap items-center gap-2">
          <Input value={tag} onChange={(e) => setTag(e.target.value)} maxLength={50} placeholder={t('tagPlaceholder')} aria-label={t('tagEmployee')} className="w-56" autoFocus />
          <Button type="submit" size="sm">
            {t('saveTag')}
          </Button>
          <Button type="button" variant="ghost" size="sm" onClick={() => setTagging(false)}>
            {t('reply.cancel')}
          </Button>
        </form>
      )}
      {editing ? (
        <ReplyEditor
          reviewId={review.id}
          initial={review.replyComment ?? ''}
          toGoogle={toGoogle}
          onCancel={() => setEditing(false)}
          onDone={() => {
            setEditing(false);
            router.refresh();
          }}
        />
      ) : review.replyComment ? (
        <div className="rounded-lg border-s-4 border-primary/50 bg-primary-soft/50 px-4 py-3 dark:bg-primary/10" data-testid="owner-reply">
          <div className="mb-1 flex flex-wrap items-center justify-between gap-2">
            <p className="text-xs font-semibold text-primary dark:text-primary-light">
              {t('reply.owner')}
              {review.replyLabel && <span className="ms-2 font-normal text-slate-500 tabular-nums dark:text-slate-400">{review.replyLabel}</span>}
            </p>
            <div className="flex gap-1">
              <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
                <Pencil aria-hidden="true" />
                {t('reply.edit')}
              </Button>
              <Button variant="ghost" size="sm" onClick={removeReply}>
                <Trash2 aria-hidden="true" />
                {t('reply.delete')}
              </Button>
            </div>
          </div>
          <p className="text-sm leading-relaxed whitespace-pre-line text-slate-700 dark:text-slate-300">{review.replyComment}</p>
        </div>
      ) : (
        <div>
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
            <MessageSquareReply aria-hidden="true" />
            {t('reply.write')}
          </Button>
        </div>
      )}
    </article>
  );
}
