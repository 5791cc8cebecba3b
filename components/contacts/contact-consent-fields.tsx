'use client';

import { useLocale, useTranslations } from 'next-intl';
import { Controller, type Control } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Switch } from '@/components/ui/switch';
import type { ContactRecord } from '@/lib/contacts/record';
import type { Locale } from '@/lib/i18n/locales';
import { formatDateTime } from '@/lib/time/format';
import type { Values } from './contact-form-dialog';

/** The contact form's consent switches, each with when and how it was last given. */
export function ContactConsentFields({ control, contact }: { control: Control<Values>; contact?: ContactRecord }) {
  const t = useTranslations('contacts');
  const locale = useLocale() as Locale;
  const consentMeta = (at: Date | null | undefined, source: string | null | undefined) =>
    at && source ? t('form.consentMeta', { source: t(`source.${source}` as never), time: formatDateTime(at, locale) }) : t('form.consentNever');
  return (
    <fieldset className="col-span-2 grid grid-cols-2 gap-4 rounded-lg border border-slate-200 p-3 dark:border-slate-800 mobile:col-span-1 mobile:grid-cols-1">
      <legend className="px-1 text-sm font-medium text-slate-700 dark:text-slate-200">{t('form.consent')}</legend>
      <FormField label={t('form.emailOptIn')} inline hint={consentMeta(contact?.emailOptInAt, contact?.emailOptInSource)}>
        <Controller control={control} name="emailOptIn" render={({ field }) => <Switch checked={field.value === true} onCheckedChange={(v) => field.onChange(v)} />} />
      </FormField>
      <FormField label={t('form.smsOptIn')} inline hint={consentMeta(contact?.smsOptInAt, contact?.smsOptInSource)}>
        <Controller control={control} name="smsOptIn" render={({ field }) => <Switch checked={field.value === true} onCheckedChange={(v) => field.onChange(v)} />} />
      </FormField>
    </fieldset>
  );
}
