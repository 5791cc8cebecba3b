'use client';

import { Info } from 'lucide-react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SimpleSelect } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { templateCategories, type SmsScene, type TemplateCategory } from '@/db/constants/templates';
import { MAX_NAME_LENGTH, MAX_SMS_LENGTH, MAX_SUBJECT_LENGTH } from '@/lib/templates/limits';
import { ParameterChips } from './parameter-chips';
import { SmsCounter } from './sms-counter';
import type { useTemplateEditor } from './use-template-editor';

// Lexical (~100 KB gzipped) loads after the page, in its own chunk, behind a same-sized frame.
const RichTextEditor = dynamic(() => import('@/components/rich-text-editor/rich-text-editor').then((m) => m.RichTextEditor), {
  ssr: false,
  loading: () => <div aria-busy="true" className="min-h-[19rem] rounded-md border border-gray-300 bg-white dark:border-gray-600 dark:bg-gray-900" />,
});

interface Props {
  editor: ReturnType<typeof useTemplateEditor>;
  type: 0 | 1;
  disabled: boolean;
  merchantName: string;
}

/** The template's fields: name, category, subject (e-mail) or scene and opt-out text (SMS), the tokens and the content. */
export function TemplateFields({ editor, type, disabled, merchantName }: Props) {
  const t = useTranslations('templates');
  const { name, category, subject, content, scene, includeUnsubscribe } = editor.values;
  const { setName, setCategory, setSubject, setContent, setScene, setIncludeUnsubscribe } = editor.setters;
  const { errors, editorRef, textareaRef, insertToken } = editor;
  return (
    <Card className="flex flex-col gap-5 p-5 mobile:p-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('editor.name')} error={errors.templateName} aside={<span className="tabular-nums">{name.length}/{MAX_NAME_LENGTH}</span>}>
          <Input value={name} maxLength={MAX_NAME_LENGTH} disabled={disabled} placeholder={t('editor.namePlaceholder')} onChange={(e) => setName(e.target.value)} />
        </FormField>
        <FormField label={t('editor.category')}>
          <SimpleSelect value={category} disabled={disabled} onValueChange={(v) => setCategory(v as TemplateCategory)} options={templateCategories.map((c) => ({ value: c, label: t(`categories.${c}`) }))} />
        </FormField>
      </div>
      {type === 0 ? (
        <FormField label={t('editor.subject')} required error={errors.subject} aside={<span className="tabular-nums">{subject.length}/{MAX_SUBJECT_LENGTH}</span>}>
          <Input value={subject} maxLength={MAX_SUBJECT_LENGTH} disabled={disabled} placeholder={t('editor.subjectPlaceholder')} onChange={(e) => setSubject(e.target.value)} />
        </FormField>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={t('editor.scene')} hint={scene === 'first_optin' ? t('editor.sceneHint') : undefined}>
            <SimpleSelect value={scene} disabled={disabled} onValueChange={(v) => setScene(v as SmsScene)} options={(['first_optin', 'subsequent'] as const).map((s) => ({ value: s, label: t(`editor.scenes.${s}`) }))} />
          </FormField>
          <div className="flex flex-col justify-end gap-1 pb-1">
            <Checkbox checked={includeUnsubscribe} disabled={disabled} onCheckedChange={setIncludeUnsubscribe} label={t('editor.includeUnsubscribe')} />
            <p className="text-xs text-slate-500 dark:text-slate-400">{t('editor.includeUnsubscribeHint', { text: t('editor.unsubscribeText') })}</p>
          </div>
        </div>
      )}
      <ParameterChips onInsert={insertToken} disabled={disabled} />
      {type === 0 ? (
        <div className="flex flex-col gap-1.5">
          <span className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('editor.content')}</span>
          <RichTextEditor ref={editorRef} value={content} onChange={setContent} uploadModule="campaign" placeholder={t('editor.emailPlaceholder')} ariaLabel={t('editor.content')} disabled={disabled} />
          {errors.content ? <p role="alert" className="text-sm text-red-600 dark:text-red-400">{errors.content}</p> : null}
        </div>
      ) : (
        <FormField label={t('editor.content')} required error={errors.content} hint={t('editor.counterHint')} aside={<SmsCounter text={content + (includeUnsubscribe && content ? ` ${t('editor.unsubscribeText')}` : '')} />}>
          <Textarea ref={textareaRef} rows={10} value={content} maxLength={MAX_SMS_LENGTH} disabled={disabled} placeholder={t('editor.smsPlaceholder')} onChange={(e) => setContent(e.target.value)} data-testid="sms-content" />
        </FormField>
      )}
      <p className="flex items-start gap-2 rounded-lg bg-primary-soft px-3 py-2 text-sm text-slate-700 dark:bg-primary/10 dark:text-slate-200">
        <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
        <span>
          {t('editor.brandingHint')}{' '}
          <Link href="/profile" className="font-medium text-primary underline-offset-2 hover:underline">
            {t('editor.brandingLink')}
          </Link>
          {merchantName ? <span className="text-slate-600 dark:text-slate-300"> · {merchantName}</span> : null}
        </span>
      </p>
    </Card>
  );
}
