'use client';

import { History } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import type { Locale } from '@/lib/i18n/locales';
import { POST_SUMMARY_MAX, POST_TITLE_MAX } from '@/lib/posts/limits';
import { formatDateTime } from '@/lib/time/format';
import type { EditorPost } from './editor-values';
import { PostBodyField } from './post-body-field';
import { PostEditorHeader } from './post-editor-header';
import { PostEditorSide } from './post-editor-side';
import { useFieldMessage } from '@/components/ui/use-field-message';
import { StaleEditNotice } from '@/components/forms/stale-edit-notice';
import { usePostEditor } from './use-post-editor';

/** Add and edit: one form, the shared rich-text editor, and protection against lost work. */
export function PostEditor({ post: initialPost, userId, defaultLocale }: { post: EditorPost | null; userId: number; defaultLocale: Locale }) {
  const t = useTranslations('posts');
  const uiLocale = useLocale() as Locale;
  const editor = usePostEditor({ post: initialPost, userId, defaultLocale });
  const { form, post, busy, restoredAt } = editor;
  const { register, control, formState } = form;
  const message = useFieldMessage(formState.errors);
  const [title, summary] = useWatch({ control, name: ['title', 'summary'] });
  const locked = busy !== null;

  return (
    <div className="mx-auto max-w-6xl">
      <PostEditorHeader post={post} dirty={editor.dirty} busy={busy} onRun={(intent) => void editor.run(intent)} onPreview={() => void editor.preview()} />

      {restoredAt !== null && (
        <div role="status" data-testid="post-draft-restored" className="mb-5 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-800 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200">
          <span className="flex items-center gap-2">
            <History className="size-4 shrink-0" aria-hidden="true" />
            {t('editor.restoredNotice', { time: formatDateTime(restoredAt, uiLocale) })}
          </span>
          <Button variant="secondary" size="sm" onClick={editor.discardRestored}>
            {t('editor.discardRestored')}
          </Button>
        </div>
      )}

      <StaleEditNotice message={editor.stale} className="mb-5" />

      <form
        className="grid grid-cols-[minmax(0,1fr)_20rem] items-start gap-6 max-[960px]:grid-cols-1"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void editor.run('save');
        }}
      >
        <Card>
          <CardContent className="flex flex-col gap-5 py-5">
            <FormField label={t('editor.titleLabel')} required error={message('title')} aside={`${(title ?? '').length}/${POST_TITLE_MAX}`}>
              <Input {...register('title')} maxLength={POST_TITLE_MAX} placeholder={t('editor.titlePlaceholder')} disabled={locked} />
            </FormField>
            <FormField label={t('editor.summaryLabel')} error={message('summary')} hint={t('editor.summaryHint', { max: POST_SUMMARY_MAX })} aside={`${(summary ?? '').length}/${POST_SUMMARY_MAX}`}>
              <Textarea {...register('summary')} rows={3} maxLength={POST_SUMMARY_MAX} disabled={locked} />
            </FormField>
            <PostBodyField control={control} error={message('body')} locked={locked} onBodyChange={editor.onBodyChange} markTouched={editor.markTouched} />
          </CardContent>
        </Card>

        <PostEditorSide post={post} form={form} locked={locked} />
      </form>
    </div>
  );
}
