'use client';

import { Pencil, Trash2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';

/** The merchant's reply under a review, with edit and delete. */
export function OwnerReply({ reply, replyLabel, onEdit, onDelete }: { reply: string; replyLabel: string | null; onEdit: () => void; onDelete: () => void }) {
  const t = useTranslations('reviews');
  return (
    <div className="rounded-lg border-s-4 border-primary/50 bg-primary-soft/50 px-4 py-3 dark:bg-primary/10" data-testid="owner-reply">
      <div className="mb-1 flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs font-semibold text-primary dark:text-primary-light">
          {t('reply.owner')}
          {replyLabel && <span className="ms-2 font-normal text-slate-500 tabular-nums dark:text-slate-400">{replyLabel}</span>}
        </p>
        <div className="flex gap-1">
          <Button variant="ghost" size="sm" onClick={onEdit}>
            <Pencil aria-hidden="true" />
            {t('reply.edit')}
          </Button>
          <Button variant="ghost" size="sm" onClick={onDelete}>
            <Trash2 aria-hidden="true" />
            {t('reply.delete')}
          </Button>
        </div>
      </div>
      <p className="text-sm leading-relaxed whitespace-pre-line wrap-anywhere text-slate-700 dark:text-slate-300">{reply}</p>
    </div>
  );
}
