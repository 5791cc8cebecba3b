'use client';

import { Info } from 'lucide-react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Controller, useWatch } from 'react-hook-form';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SimpleSelect } from '@/components/ui/select';
import { useFieldMessage } from '@/components/ui/use-field-message';
import { templateCategories } from '@/db/constants/templates';
import { MAX_NAME_LENGTH, MAX_SUBJECT_LENGTH } from '@/lib/templates/limits';
import { ParameterChips } from './parameter-chips';
import { SmsOptions } from './sms-options';
import { TemplateContentField } from './template-content-field';
import type { useTemplateEditor } from './use-template-editor';

interface Props {
  editor: ReturnType<typeof useTemplateEditor>;
  type: 0 | 1;
  disabled: boolean;
  merchantName: string;
}

/** The template's fields: name, category, subject (e-mail) or scene and opt-out text (SMS), the tokens and the content. */
export function TemplateFields({ editor, type, disabled, merchantName }: Props) {
  const t = useTranslations('templates');
  const { register, control, formState } = editor.form;
  const message = useFieldMessage(formState.errors);
  const [name, subject] = useWatch({ control, name: ['templateName', 'subject'] });
  return (
    <Card className="flex flex-col gap-5 p-5 mobile:p-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('editor.name')} error={message('templateName')} aside={<span className="tabular-nums">{(name ?? '').length}/{MAX_NAME_LENGTH}</span>}>
          <Input {...register('templateName')} maxLength={MAX_NAME_LENGTH} disabled={disabled} placeholder={t('editor.namePlaceholder')} />
        </FormField>
        <FormField label={t('editor.category')} error={message('category')}>
          <Controller control={control} name="category" render={({ field }) => <SimpleSelect value={field.value ?? undefined} disabled={disabled} onValueChange={field.onChange} options={templateCategories.map((c) => ({ value: c, label: t(`categories.${c}`) }))} />} />
        </FormField>
      </div>
      {type === 0 ? (
        <FormField label={t('editor.subject')} required error={message('subject')} aside={<span className="tabular-nums">{(subject ?? '').length}/{MAX_SUBJECT_LENGTH}</span>}>
          <Input {...register('subject')} maxLength={MAX_SUBJECT_LENGTH} disabled={disabled} placeholder={t('editor.subjectPlaceholder')} />
        </FormField>
      ) : (
        <SmsOptions form={editor.form} disabled={disabled} />
      )}
      <ParameterChips onInsert={editor.insertToken} disabled={disabled} />
      <TemplateContentField editor={editor} type={type} disabled={disabled} />
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
