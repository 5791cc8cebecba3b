'use client';

import { History } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useLocale, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import type { Locale } from '@/lib/i18n/locales';
import { POST_SUMMARY_MAX, POST_TITLE_MAX } from '@/lib/posts/limits';
import { formatDateTime } from '@/lib/time/format';
import type { EditorPost } from './editor-values';
import { PostEditorHeader } from './post-editor-header';
import { PostEditorSide } from './post-editor-side';
import { usePostEditor } from './use-post-editor';

// Lexical builds its DOM in the browser; rendered on the server it fails hydration and React
// throws the whole form away. So the editor loads on the client only, behind a placeholder.
const RichTextEditor = dynamic(() => import('@/components/rich-text-editor/rich-text-editor').then((m) => m.RichTextEditor), {
  ssr: false,
  loading: () => <Skeleton className="h-[22rem] w-full rounded-md" />,
});

/** Add and edit: one form, the shared rich-text editor, and protection against lost work. */
export function PostEditor({ post: initialPost, userId, defaultLocale }: { post: EditorPost | null; userId: number; defaultLocale: Locale }) {
  const t = useTranslations('posts');
  const uiLocale = useLocale() as Locale;
  const editor = usePostEditor({ post: initialPost, userId, defaultLocale });
  const { post, values, errors, busy, restoredAt, set, markTouched } = editor;
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

      <form
        className="grid grid-cols-[minmax(0,1fr)_20rem] items-start gap-6 max-[960px]:grid-cols-1"
        onSubmit={(event) => {
          event.preventDefault();
          void editor.run('save');
        }}
      >
        <Card>
          <CardContent className="flex flex-col gap-5 py-5">
            <FormField label={t('editor.titleLabel')} required error={errors.title} aside={`${values.title.length}/${POST_TITLE_MAX}`}>
              <Input value={values.title} maxLength={POST_TITLE_MAX} placeholder={t('editor.titlePlaceholder')} onChange={(e) => set('title', e.target.value)} disabled={locked} name="title" />
            </FormField>
            <FormField label={t('editor.summaryLabel')} error={errors.summary} hint={t('editor.summaryHint', { max: POST_SUMMARY_MAX })} aside={`${values.summary.length}/${POST_SUMMARY_MAX}`}>
              <Textarea value={values.summary} rows={3} maxLength={POST_SUMMARY_MAX} onChange={(e) => set('summary', e.target.value)} disabled={locked} name="summary" />
            </FormField>
            <div className="flex flex-col gap-1.5">
              <span id="post-body-label" className="text-sm font-medium text-slate-700 dark:text-slate-200">
                {t('editor.bodyLabel')}
              </span>
              <div onKeyDownCapture={markTouched} onPointerDownCapture={markTouched} onPasteCapture={markTouched} onDropCapture={markTouched}>
                <RichTextEditor value={values.body} onChange={editor.onBodyChange} uploadModule="post" placeholder={t('editor.bodyPlaceholder')} ariaLabel={t('editor.bodyLabel')} disabled={locked} />
              </div>
              {errors.body && (
                <p role="alert" className="text-[13px] text-red-600 dark:text-red-400">
                  {errors.body}
                </p>
              )}
            </div>
          </CardContent>
        </Card>

        <PostEditorSide post={post} values={values} errors={errors} locked={locked} set={set} />
      </form>
    </div>
  );
}
