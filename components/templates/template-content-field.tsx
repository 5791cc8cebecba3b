'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { Controller, useWatch } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { useFieldMessage } from '@/components/ui/use-field-message';
import { MAX_SMS_LENGTH } from '@/lib/templates/limits';
import { SmsCounter } from './sms-counter';
import type { useTemplateEditor } from './use-template-editor';

// Lexical (~100 KB gzipped) loads after the page, in its own chunk, behind a same-sized frame.
const RichTextEditor = dynamic(() => import('@/components/rich-text-editor/rich-text-editor').then((m) => m.RichTextEditor), {
  ssr: false,
  // The frame shows the toolbar's strip too, so the editor does not look like an empty box meanwhile.
  loading: () => (
    <div aria-busy="true" data-testid="editor-loading" className="min-h-[19rem] overflow-hidden rounded-md border border-gray-300 bg-white dark:border-gray-600 dark:bg-gray-900">
      <div className="flex h-11 items-center gap-1 border-b border-gray-200 px-1.5 dark:border-gray-700">
        {Array.from({ length: 9 }, (_, i) => (
          <span key={i} className="size-8 animate-pulse rounded bg-gray-200/80 motion-reduce:animate-none dark:bg-gray-700/60" />
        ))}
      </div>
    </div>
  ),
});

interface Props {
  editor: ReturnType<typeof useTemplateEditor>;
  type: 0 | 1;
  disabled: boolean;
}

/** The content: the rich-text editor (e-mail) or a textarea with the segment counter (SMS). */
export function TemplateContentField({ editor, type, disabled }: Props) {
  const t = useTranslations('templates');
  const { control, formState } = editor.form;
  const message = useFieldMessage(formState.errors);
  if (type === 0) {
    return (
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('editor.content')}</span>
        <Controller
          control={control}
          name="content"
          render={({ field }) => <RichTextEditor ref={editor.editorRef} value={field.value ?? ''} onChange={field.onChange} uploadModule="campaign" placeholder={t('editor.emailPlaceholder')} ariaLabel={t('editor.content')} disabled={disabled} />}
        />
        {message('content') ? <p role="alert" className="text-sm text-red-600 dark:text-red-400">{message('content')}</p> : null}
      </div>
    );
  }
  return (
    <FormField label={t('editor.content')} required error={message('content')} hint={t('editor.counterHint')} aside={<SmsLength form={editor.form} />}>
      <Textarea
        {...editor.registerSmsContent()}
        rows={10}
        maxLength={MAX_SMS_LENGTH}
        disabled={disabled}
        placeholder={t('editor.smsPlaceholder')}
        data-testid="sms-content"
      />
    </FormField>
  );
}

/** The counter follows the text as typed, the opt-out text included when it is appended. */
function SmsLength({ form }: { form: ReturnType<typeof useTemplateEditor>['form'] }) {
  const t = useTranslations('templates');
  const [content, includeUnsubscribe] = useWatch({ control: form.control, name: ['content', 'includeUnsubscribe'] });
  const text = content ?? '';
  return <SmsCounter text={text + (includeUnsubscribe && text ? ` ${t('editor.unsubscribeText')}` : '')} />;
}
