'use client';

import { useTranslations } from 'next-intl';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { SimpleSelect } from '@/components/ui/select';
import { smsScenes } from '@/db/constants/templates';
import type { TemplateFormOutput, TemplateFormValues } from './template-form';
import { SMS_UNSUBSCRIBE_TEXT } from '@/lib/sending/sms-unsubscribe';

/** An SMS template's scene (first opt-in or later) and whether the opt-out text is appended. */
export function SmsOptions({ form, disabled }: { form: UseFormReturn<TemplateFormValues, unknown, TemplateFormOutput>; disabled: boolean }) {
  const t = useTranslations('templates');
  const { control, register } = form;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Controller
        control={control}
        name="scene"
        render={({ field }) => (
          <FormField label={t('editor.scene')} hint={field.value === 'first_optin' ? t('editor.sceneHint') : undefined}>
            <SimpleSelect value={field.value ?? undefined} disabled={disabled} onValueChange={field.onChange} options={smsScenes.map((s) => ({ value: s, label: t(`editor.scenes.${s}`) }))} />
          </FormField>
        )}
      />
      <div className="flex flex-col justify-end gap-1 pb-1">
        <Checkbox {...register('includeUnsubscribe')} disabled={disabled} label={t('editor.includeUnsubscribe')} />
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('editor.includeUnsubscribeHint', { en: SMS_UNSUBSCRIBE_TEXT['en-US'], cn: SMS_UNSUBSCRIBE_TEXT['zh-CN'], hk: SMS_UNSUBSCRIBE_TEXT['zh-HK'] })}</p>
      </div>
    </div>
  );
}
