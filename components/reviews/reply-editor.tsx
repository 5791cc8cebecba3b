'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { Send, Sparkles } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { FormField } from '@/components/ui/form-field';
import { cn } from '@/components/ui/cn';
import { notify } from '@/lib/notify/notify';
import { draftReplyAction, saveReplyAction } from '@/lib/reviews/actions';
import { REPLY_MAX_BYTES, utf8Bytes } from '@/lib/reviews/limits';

/**
 * Writes or edits the owner's reply. The UTF-8 byte count is shown live (Google's limit is 4,096
 * bytes, so a Chinese character counts three). A draft only fills the box: nothing is posted until
 * the merchant presses send.
 */
export function ReplyEditor({ reviewId, initial, toGoogle, onDone, onCancel }: { reviewId: number; initial: string; toGoogle: boolean; onDone: () => void; onCancel: () => void }) {
  const t = useTranslations('reviews.reply');
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'draft' | 'send' | null>(null);
  const [draftSource, setDraftSource] = useState<'ai' | 'library' | null>(null);
  const counterId = useId();
  const bytes = utf8Bytes(text.trim());
  const over = bytes > REPLY_MAX_BYTES;

  const draft = async () => {
    setBusy('draft');
    const result = await draftReplyAction({ id: reviewId });
    setBusy(null);
    if (!result.ok) return notify.warning(result.message);
    setText(result.data.text);
    setDraftSource(result.data.source);
    setError(null);
  };
  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return setError(t('required'));
    if (over) return setError(t('tooLong', { max: REPLY_MAX_BYTES }));
    setBusy('send');
    const result = await saveReplyAction({ id: reviewId, comment: text });
    setBusy(null);
    if (!result.ok) {
      setError(result.fieldErrors?.comment ?? null);
      return notify.warning(result.message);
    }
    notify.success(result.message ?? t('posted'));
    onDone();
  };

  return (
    <form onSubmit={send} className="flex flex-col gap-2 rounded-lg bg-slate-50 p-3 dark:bg-slate-800/50">
      <FormField
        label={t('label')}
        error={error}
        hint={draftSource ? (draftSource === 'ai' ? t('draftFromAi') : t('draftFromLibrary')) : toGoogle ? t('googleHint') : t('localHint')}
        aside={
          <span id={counterId} aria-live="polite" className={cn('text-xs tabular-nums', over ? 'font-semibold text-red-600 dark:text-red-400' : 'text-slate-500 dark:text-slate-400')}>
            {t('bytes', { count: bytes, max: REPLY_MAX_BYTES })}
          </span>
        }
      >
        <Textarea
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(null);
          }}
          rows={4}
          aria-describedby={counterId}
          placeholder={t('placeholder')}
          autoFocus
        />
      </FormField>
      <div className="flex flex-wrap justify-between gap-2">
        <Button type="button" variant="secondary" size="sm" onClick={draft} loading={busy === 'draft'} disabled={busy !== null}>
          <Sparkles aria-hidden="true" />
          {t('draft')}
        </Button>
        <div className="flex gap-2">
          <Button type="button" variant="ghost" size="sm" onClick={onCancel} disabled={busy !== null}>
            {t('cancel')}
          </Button>
          <Button type="submit" size="sm" loading={busy === 'send'} disabled={busy !== null || over}>
            <Send aria-hidden="true" />
            {toGoogle ? t('sendGoogle') : t('send')}
          </Button>
        </div>
      </div>
    </form>
  );
}
