'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Send, Sparkles } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { FormField } from '@/components/ui/form-field';
import { cn } from '@/components/ui/cn';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import { useFieldMessage } from '@/components/ui/use-field-message';
import { notify } from '@/lib/notify/notify';
import { draftReplyAction, saveReplyAction } from '@/lib/reviews/actions';
import { REPLY_MAX_BYTES, utf8Bytes } from '@/lib/reviews/limits';
import type { replySchema } from '@/lib/reviews/schema';

type Values = z.input<typeof replySchema>;
// The reply action's schema (without the review id the editor adds), loaded on the first check.
const resolver = lazyZodResolver(() => import('@/lib/reviews/schema').then((m) => m.replySchema));

/**
 * Writes or edits the owner's reply. The UTF-8 byte count is shown live (Google's limit is 4,096
 * bytes, so a Chinese character counts three). A draft only fills the box: nothing is posted until
 * the merchant presses send.
 */
export function ReplyEditor({ reviewId, initial, toGoogle, onDone, onCancel }: { reviewId: number; initial: string; toGoogle: boolean; onDone: () => void; onCancel: () => void }) {
  const t = useTranslations('reviews.reply');
  const { register, control, handleSubmit, formState, setValue, setError, clearErrors } = useForm<Values, unknown, z.output<typeof replySchema>>({ resolver, defaultValues: { comment: initial } });
  const message = useFieldMessage(formState.errors);
  const [drafting, setDrafting] = useState(false);
  const [draftSource, setDraftSource] = useState<'ai' | 'library' | null>(null);
  const fieldId = useId();
  const counterId = useId();
  const bytes = utf8Bytes(useWatch({ control, name: 'comment' }).trim());
  const over = bytes > REPLY_MAX_BYTES;
  const busy = drafting || formState.isSubmitting;
  const error = message('comment');

  const draft = async () => {
    setDrafting(true);
    const result = await draftReplyAction({ id: reviewId });
    setDrafting(false);
    if (!result.ok) return notify.warning(result.message);
    setValue('comment', result.data.text);
    setDraftSource(result.data.source);
    clearErrors('comment');
  };
  const send = handleSubmit(async (values) => {
    const result = await saveReplyAction({ id: reviewId, comment: values.comment });
    if (!result.ok) {
      if (result.fieldErrors?.comment) setError('comment', { type: 'server', message: result.fieldErrors.comment });
      return notify.warning(result.message);
    }
    notify.success(result.message ?? t('posted'));
    onDone();
  });

  return (
    <form onSubmit={send} noValidate className="flex flex-col gap-2 rounded-lg bg-slate-50 p-3 dark:bg-slate-800/50">
      <FormField
        id={fieldId}
        label={t('label')}
        error={error}
        hint={draftSource ? (draftSource === 'ai' ? t('draftFromAi') : t('draftFromLibrary')) : toGoogle ? t('googleHint') : t('localHint')}
        aside={
          <span id={counterId} aria-live="polite" className={cn('text-xs tabular-nums', over ? 'font-semibold text-red-600 dark:text-red-400' : 'text-slate-500 dark:text-slate-400')}>
            {t('bytes', { count: bytes, max: REPLY_MAX_BYTES })}
          </span>
        }
      >
        {/* Described by the error and the hint (FormField's ids) and by the byte counter. */}
        <Textarea {...register('comment')} rows={4} aria-describedby={[error && `${fieldId}-error`, `${fieldId}-hint`, counterId].filter(Boolean).join(' ')} placeholder={t('placeholder')} autoFocus />
      </FormField>
      <div className="flex flex-wrap justify-between gap-2">
        <Button type="button" variant="secondary" size="sm" onClick={draft} loading={drafting} disabled={busy}>
          <Sparkles aria-hidden="true" />
          {t('draft')}
        </Button>
        <div className="flex gap-2">
          <Button type="button" variant="ghost" size="sm" onClick={onCancel} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button type="submit" size="sm" loading={formState.isSubmitting} disabled={busy || over}>
            <Send aria-hidden="true" />
            {toGoogle ? t('sendGoogle') : t('send')}
          </Button>
        </div>
      </div>
    </form>
  );
}
