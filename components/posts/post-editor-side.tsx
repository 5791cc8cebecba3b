'use client';

import { ExternalLink } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { Controller } from 'react-hook-form';
import { Card, CardContent } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { SimpleSelect } from '@/components/ui/select';
import type { Locale } from '@/lib/i18n/locales';
import { formatDateTime } from '@/lib/time/format';
import { CoverPicker } from './cover-picker';
import type { EditorPost } from './editor-values';
import { useFieldMessage } from '@/components/ui/use-field-message';
import type { PostForm } from './post-form';

const POST_LOCALES: Locale[] = ['zh-CN', 'en-US', 'zh-HK'];

interface Props {
  post: EditorPost | null;
  form: PostForm;
  locked: boolean;
}

/** The editor's side column: language and cover, and the public link once published. */
export function PostEditorSide({ post, form, locked }: Props) {
  const t = useTranslations('posts');
  const uiLocale = useLocale() as Locale;
  const { control, formState } = form;
  const message = useFieldMessage(formState.errors);
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardContent className="flex flex-col gap-5 py-5">
          <FormField label={t('editor.localeLabel')} error={message('locale')}>
            <Controller control={control} name="locale" render={({ field }) => <SimpleSelect value={field.value} onValueChange={field.onChange} disabled={locked} options={POST_LOCALES.map((l) => ({ value: l, label: t(`locales.${l}`) }))} />} />
          </FormField>
          <FormField label={t('editor.coverLabel')} hint={t('editor.coverHint')} error={message('coverFileId')} id="post-cover">
            <Controller control={control} name="coverFileId" render={({ field }) => <CoverPicker id="post-cover" fileId={field.value} onChange={field.onChange} disabled={locked} />} />
          </FormField>
        </CardContent>
      </Card>
      {post?.status === 'published' && (
        <Card>
          <CardContent className="flex flex-col gap-2 py-4 text-sm">
            <span className="font-medium text-slate-700 dark:text-slate-200">{t('editor.publicLink')}</span>
            <a href={`/p/${post.publicId}`} target="_blank" rel="noopener" className="flex items-center gap-1.5 break-all text-primary hover:underline dark:text-primary-light" data-testid="post-public-link">
              <ExternalLink className="size-4 shrink-0" aria-hidden="true" />
              {`/p/${post.publicId}`}
            </a>
            {post.publishedAt && <span className="text-slate-500 dark:text-slate-400">{`${t('columns.publishedAt')}: ${formatDateTime(post.publishedAt, uiLocale)}`}</span>}
          </CardContent>
        </Card>
      )}
    </div>
  );
}
