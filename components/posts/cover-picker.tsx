'use client';

import { ImagePlus, RefreshCw, Trash2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn, focusRing } from '@/components/ui/cn';
import { notify } from '@/lib/notify/notify';
import { IMAGE_MIME_TYPES } from '@/lib/files/rules';
import { UploadError, uploadFile } from '@/lib/files/upload-client';
import { postFileUrl } from '@/lib/posts/file-url';

export interface CoverPickerProps {
  fileId: string | null;
  onChange: (fileId: string | null) => void;
  disabled?: boolean;
  /** Id of the file input, for the field's label. */
  id?: string;
  describedBy?: string;
}

/** The article's cover: upload (module post, images only, 5 MB), replace or remove. */
export function CoverPicker({ fileId, onChange, disabled, id, describedBy }: CoverPickerProps) {
  const t = useTranslations('posts');
  const input = useRef<HTMLInputElement>(null);
  const generated = useId();
  const inputId = id ?? generated;
  const [uploading, setUploading] = useState(false);
  const url = postFileUrl(fileId);

  // The upload helper speaks the files namespace's keys; our messages carry the same meaning.
  const uploadT = (key: string, values?: Record<string, string | number>) => {
    if (key === 'errors.typeNotAllowed') return t('errors.uploadType', { types: String(values?.types ?? '') });
    if (key === 'errors.tooLarge') return t('errors.uploadSize', { size: Number(values?.mb ?? 5) });
    if (key === 'errors.server') return t('errors.uploadServer');
    if (key === 'errors.network') return t('errors.uploadNetwork');
    return t('errors.uploadFailed');
  };

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      const uploaded = await uploadFile('post', file, uploadT, 'image');
      onChange(String(uploaded.id));
    } catch (error) {
      notify.warning(error instanceof UploadError ? error.message : t('errors.uploadFailed'));
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={IMAGE_MIME_TYPES.join(',')}
        className="sr-only"
        disabled={disabled || uploading}
        aria-describedby={describedBy}
        data-testid="post-cover-input"
        onChange={(e) => void pick(e.target.files?.[0])}
      />
      {url ? (
        <div className="group relative overflow-hidden rounded-xl border border-slate-200 bg-slate-100 dark:border-slate-800 dark:bg-slate-800">
          {/* eslint-disable-next-line @next/next/no-img-element -- our own file route */}
          <img src={url} alt={t('editor.coverAlt')} className="aspect-[1200/630] w-full object-cover" data-testid="post-cover-image" />
          {uploading && (
            <div className="absolute inset-0 flex items-center justify-center bg-white/70 dark:bg-slate-950/70">
              <Spinner />
            </div>
          )}
        </div>
      ) : (
        <button
          type="button"
          disabled={disabled || uploading}
          onClick={() => input.current?.click()}
          className={cn(
            'flex aspect-[1200/630] w-full cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-slate-300 text-sm text-slate-500 transition-colors hover:border-primary hover:text-primary disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-700 dark:text-slate-400',
            focusRing,
          )}
        >
          {uploading ? <Spinner /> : <ImagePlus className="size-7" aria-hidden="true" />}
          <span>{uploading ? t('editor.coverUploading') : t('editor.coverUpload')}</span>
        </button>
      )}
      {url && (
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" disabled={disabled || uploading} onClick={() => input.current?.click()}>
            <RefreshCw aria-hidden="true" />
            {t('editor.coverReplace')}
          </Button>
          <Button variant="ghost" size="sm" disabled={disabled || uploading} onClick={() => onChange(null)}>
            <Trash2 aria-hidden="true" />
            {t('editor.coverRemove')}
          </Button>
        </div>
      )}
    </div>
  );
}
