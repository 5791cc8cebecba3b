'use client';

import { useTranslations } from 'next-intl';
import { Controller, type Control } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { SimpleSelect } from '@/components/ui/select';
import { contactGenders, contactTypes } from '@/db/constants/contacts';
import type { LocationOption } from '@/lib/locations/options';
import type { Values } from './contact-form-dialog';
import { ContactLocationSelect } from './location-select';

const NONE = 'none';

/** The contact form's selects: gender, type, location and language. */
export function ContactChoiceFields({ control, locations, locationError }: { control: Control<Values>; locations: LocationOption[]; locationError: string | undefined }) {
  const t = useTranslations('contacts');
  return (
    <>
    <FormField label={t('form.gender')}>
      <Controller control={control} name="gender" render={({ field }) => <SimpleSelect aria-label={t('form.gender')} value={field.value ?? 'unknown'} onValueChange={field.onChange} options={contactGenders.map((g) => ({ value: g, label: t(`gender.${g}`) }))} />} />
    </FormField>
    <FormField label={t('form.type')}>
      <Controller control={control} name="type" render={({ field }) => <SimpleSelect aria-label={t('form.type')} value={field.value ?? 'leads'} onValueChange={field.onChange} options={contactTypes.map((v) => ({ value: v, label: t(`type.${v}`) }))} />} />
    </FormField>
    <FormField label={t('form.location')} error={locationError}>
      <Controller
        control={control}
        name="locationId"
        render={({ field }) => (
          <ContactLocationSelect value={field.value} onChange={field.onChange} locations={locations} />
        )}
      />
    </FormField>
    <FormField label={t('form.language')}>
      <Controller
        control={control}
        name="locale"
        render={({ field }) => (
          <SimpleSelect
            aria-label={t('form.language')}
            value={field.value ?? NONE}
            onValueChange={(v) => field.onChange(v === NONE ? null : v)}
            options={[
              { value: NONE, label: t('form.languageDefault') },
              { value: 'zh-CN', label: '简体中文' },
              { value: 'zh-HK', label: '繁體中文（香港）' },
              { value: 'en-US', label: 'English' },
            ]}
          />
        )}
      />
    </FormField>
    </>
  );
}
