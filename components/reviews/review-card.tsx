'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import dynamic from 'next/dynamic';
import { useEffect, useRef, useState } from 'react';
import { MapPin, MessageSquareReply, MoreHorizontal, Tag, Trash2, UserRound } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { notify } from '@/lib/notify/notify';
import { deleteReplyAction, deleteReviewAction } from '@/lib/reviews/actions';
import { OwnerReply } from './owner-reply';
import { Stars } from './stars';
import type { ReviewSite } from '@/db/schema/reviews';

// Both forms (react-hook-form) load when first opened: they stay out of the review list's first load.
const EmployeeTagForm = dynamic(() => import('./employee-tag-form').then((m) => m.EmployeeTagForm));
const ReplyEditor = dynamic(() => import('./reply-editor').then((m) => m.ReplyEditor));

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
  // What was typed into the tag form, kept while the form is closed.
  const [tagDraft, setTagDraft] = useState(review.employeeTag ?? '');
  const toGoogle = review.site === 'google';
  // Closing the editor unmounts what had focus: it goes back to the reply's button (Reply, or Edit
  // once a reply exists: after a save, when the refreshed review has it).
  const replyArea = useRef<HTMLDivElement>(null);
  const refocus = useRef<'reply' | 'edit' | null>(null);
  const closeEditor = (then: 'reply' | 'edit') => {
    refocus.current = then;
    setEditing(false);
  };
  useEffect(() => {
    if (editing || !refocus.current || (refocus.current === 'edit' && !review.replyComment)) return;
    refocus.current = null;
    // The area's first button: Reply, or the reply's Edit.
    replyArea.current?.querySelector('button')?.focus();
  }, [editing, review.replyComment]);

  const removeReply = async () => {
    if (!(await confirm({ title: t('reply.deleteConfirm.title'), description: toGoogle ? t('reply.deleteConfirm.google') : t('reply.deleteConfirm.local'), danger: true }))) return;
    const result = await deleteReplyAction({ id: review.id });
    if (!result.ok) return notify.warning(result.message);
    notify.success(result.message ?? t('reply.deleted'));
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
      <header className="flex items-start justify-between gap-2">
        {/* The actions button keeps its corner: the details wrap beside it, even at 375 px. */}
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={`review-${review.id}-by`} className="min-w-0 font-semibold break-words text-slate-900 dark:text-slate-100">
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
            <Button variant="ghost" size="icon" className="shrink-0" aria-label={t('moreActions', { name: review.reviewerName })}>
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
      {review.comment ? <p className="text-sm leading-relaxed whitespace-pre-line wrap-anywhere text-slate-700 dark:text-slate-300">{review.comment}</p> : <p className="text-sm text-slate-400 italic">{t('noComment')}</p>}
      {tagging && (
        <EmployeeTagForm
          reviewId={review.id}
          draft={tagDraft}
          onClose={(typed) => {
            setTagDraft(typed);
            setTagging(false);
          }}
        />
      )}
      {/* Escape in the editor cancels, as the Cancel button does. */}
      <div
        ref={replyArea}
        onKeyDown={(event) => {
          if (!editing || event.key !== 'Escape' || event.defaultPrevented) return;
          event.preventDefault();
          closeEditor(review.replyComment ? 'edit' : 'reply');
        }}
      >
        {editing ? (
          <ReplyEditor
            reviewId={review.id}
            initial={review.replyComment ?? ''}
            toGoogle={toGoogle}
            onCancel={() => closeEditor(review.replyComment ? 'edit' : 'reply')}
            onDone={() => {
              closeEditor('edit');
              router.refresh();
            }}
          />
        ) : review.replyComment ? (
          <OwnerReply reply={review.replyComment} replyLabel={review.replyLabel} onEdit={() => setEditing(true)} onDelete={removeReply} />
        ) : (
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
            <MessageSquareReply aria-hidden="true" />
            {t('reply.write')}
          </Button>
        )}
      </div>
    </article>
  );
}
