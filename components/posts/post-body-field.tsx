'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { Skeleton } from '@/components/ui/skeleton';
import type { PostInput } from '@/lib/posts/schema';
import type { EditorValues } from './editor-values';
import { countRemoteImages } from './remote-images';

// Lexical builds its DOM in the browser; rendered on the server it fails hydration and React
// throws the whole form away. So the editor loads on the client only, behind a placeholder.
const RichTextEditor = dynamic(() => import('@/components/rich-text-editor/rich-text-editor').then((m) => m.RichTextEditor), {
  ssr: false,
  loading: () => <Skeleton className="h-[22rem] w-full rounded-md" />,
});

interface Props {
  control: Control<EditorValues, unknown, PostInput>;
  error?: string;
  locked: boolean;
  /** The editor's HTML, and the form's own change to pass it to (see usePostEditor). */
  onBodyChange: (html: string, change: (html: string) => void) => void;
  markTouched: () => void;
}

/** The article's body: the shared rich-text editor, held by the form through a Controller. */
export function PostBodyField({ control, error, locked, onBodyChange, markTouched }: Props) {
  const t = useTranslations('posts');
  const remoteImages = countRemoteImages(useWatch({ control, name: 'body' }) ?? '');
  return (
    <div className="flex flex-col gap-1.5">
      <span id="post-body-label" className="text-sm font-medium text-slate-700 dark:text-slate-200">
        {t('editor.bodyLabel')}
      </span>
      <div onKeyDownCapture={markTouched} onPointerDownCapture={markTouched} onPasteCapture={markTouched} onDropCapture={markTouched}>
        <Controller
          control={control}
          name="body"
          render={({ field }) => (
            <RichTextEditor value={field.value} onChange={(html) => onBodyChange(html, field.onChange)} uploadModule="post" placeholder={t('editor.bodyPlaceholder')} ariaLabel={t('editor.bodyLabel')} disabled={locked} />
          )}
        />
      </div>
      {error && (
        <p role="alert" className="text-[13px] text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      {remoteImages > 0 && (
        <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-[13px] text-amber-900 dark:bg-amber-950/50 dark:text-amber-200">
          {t('editor.remoteImages', { count: remoteImages })}
        </p>
      )}
    </div>
  );
}
