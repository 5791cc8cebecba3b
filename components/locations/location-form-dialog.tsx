'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog-lazy';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import { Switch } from '@/components/ui/switch';
import type { Locale } from '@/lib/i18n/locales';
import { createLocationAction, updateLocationAction } from '@/lib/locations/actions';
import { COUNTRY_TIME_ZONES } from '@/lib/i18n/countries';
import type { createLocationSchema } from '@/lib/locations/schema';
import { zipCodeAbsent, zipCodeRequired } from '@/lib/locations/zip-codes';
import { notify } from '@/lib/notify/notify';
import { CountrySelect } from './country-select';
import { valuesFor, type Values } from './location-form-values';
import type { LocationRow } from './location-row';
import { TimeZoneSelect } from './time-zone-select';
import { useFieldMessage } from '@/components/ui/use-field-message';
import { isStaleEdit, StaleEditNotice } from '@/components/forms/stale-edit-notice';

type Output = z.output<typeof createLocationSchema>;
type Field = keyof Values;

// The schema (and zod) loads on the first check; the server action checks again.
const resolver = lazyZodResolver(() => import('@/lib/locations/schema').then((m) => m.createLocationSchema));

/**
 * Add and edit, one dialog. The form checks with the same zod schema as the server (loaded on first use);
 * the server action stays the authority, and its field errors land beside the same fields.
 */
export function LocationFormDialog({ open, row, sharedCountry, onOpenChange, onSaved }: { open: boolean; row: LocationRow | null; /** The country every listed location is in, if one: a new location starts there. */ sharedCountry: string | null; onOpenChange: (open: boolean) => void; onSaved: () => void }) {
  const t = useTranslations('locations');
  const tc = useTranslations('common');
  const locale = useLocale() as Locale;
  const form = useForm<Values, unknown, Output>({ resolver, mode: 'onTouched', defaultValues: valuesFor(row, locale, sharedCountry) });
  const { register, control, handleSubmit, formState, setValue, getValues, reset, setError, trigger } = form;
  const country = useWatch({ control, name: 'country' });
  const noZip = zipCodeAbsent(country ?? '');

  useEffect(() => {
    if (open) reset(valuesFor(row, locale, sharedCountry));
  }, [open, row, locale, sharedCountry, reset]);

  const message = useFieldMessage(formState.errors);

  const changeCountry = (code: string) => {
    setValue('country', code, { shouldDirty: true, shouldValidate: true });
    if (zipCodeAbsent(code)) setValue('zipCode', '', { shouldDirty: true });
    // Suggest the country's zone until the person picks one themselves.
    if (!formState.dirtyFields.timezone && COUNTRY_TIME_ZONES[code]) setValue('timezone', COUNTRY_TIME_ZONES[code], { shouldDirty: false });
    if (getValues('zipCode') || formState.errors.zipCode) void trigger('zipCode');
  };

  const onSubmit = handleSubmit(async (values) => {
    // The version the dialog opened: a save over a newer location is refused (someone else changed it).
    const result = row ? await updateLocationAction({ ...values, locationId: row.locationId, updateTime: row.updateTime }) : await createLocationAction(values);
    if (!result.ok) {
      if (isStaleEdit(result)) setError('root.stale', { type: 'stale', message: result.message });
      for (const [field, text] of Object.entries(result.fieldErrors ?? {})) setError(field as Field, { type: 'server', message: text }, { shouldFocus: true });
      notify.warning(result.message);
      return;
    }
    notify.success(result.message ?? t(row ? 'messages.updated' : 'messages.created'));
    onSaved();
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>{row ? t('editTitle') : t('addTitle')}</DialogTitle>
          <DialogDescription>{row ? row.locationName : t('addDescription')}</DialogDescription>
        </DialogHeader>
        <form id="location-form" onSubmit={onSubmit} noValidate className="grid grid-cols-2 gap-x-4 gap-y-4 mobile:grid-cols-1">
          <FormField label={t('fields.locationName')} required error={message('locationName')} className="col-span-2 mobile:col-span-1">
            <Input {...register('locationName')} maxLength={100} placeholder={t('placeholders.locationName')} autoComplete="organization" />
          </FormField>
          <FormField label={t('fields.address')} required error={message('address')} className="col-span-2 mobile:col-span-1">
            <Input {...register('address')} maxLength={200} placeholder={t('placeholders.address')} autoComplete="street-address" />
          </FormField>
          <FormField label={t('fields.city')} required error={message('city')}>
            <Input {...register('city')} maxLength={100} autoComplete="address-level2" />
          </FormField>
          <FormField label={t('fields.state')} required error={message('state')}>
            <Input {...register('state')} maxLength={100} autoComplete="address-level1" />
          </FormField>
          <FormField label={t('fields.country')} required error={message('country')}>
            <Controller control={control} name="country" render={({ field }) => <CountrySelect value={field.value ?? ''} onChange={changeCountry} onBlur={field.onBlur} placeholder={t('placeholders.country')} />} />
          </FormField>
          <FormField
            label={t('fields.zipCode')}
            required={zipCodeRequired(country ?? '')}
            error={message('zipCode')}
            hint={noZip ? t('hints.zipNone') : zipCodeRequired(country ?? '') ? undefined : t('hints.zipOptional')}
          >
            <Input {...register('zipCode')} maxLength={20} disabled={noZip} autoComplete="postal-code" />
          </FormField>
          <FormField label={t('fields.phone')} error={message('phone')} hint={message('phone') ? undefined : t('hints.phone')}>
            <Input {...register('phone')} type="tel" maxLength={40} inputMode="tel" placeholder={t('placeholders.phone')} autoComplete="tel" />
          </FormField>
          <FormField label={t('fields.timezone')} required error={message('timezone')} hint={t('hints.timezone')}>
            <Controller
              control={control}
              name="timezone"
              render={({ field }) => <TimeZoneSelect value={field.value ?? ''} onChange={(zone) => field.onChange(zone)} suggested={COUNTRY_TIME_ZONES[country ?? '']} />}
            />
          </FormField>
          <FormField label={t('fields.reviewLink')} error={message('reviewLink')} hint={t('hints.reviewLink', { token: '{{googleReviewLink}}' })} className="col-span-2 mobile:col-span-1">
            <Input {...register('reviewLink')} type="url" maxLength={2000} placeholder={t('placeholders.reviewLink')} inputMode="url" />
          </FormField>
          <FormField label={t('fields.enabled')} inline className="col-span-2 mobile:col-span-1">
            <Controller control={control} name="enabled" render={({ field }) => <Switch checked={field.value ?? true} onCheckedChange={field.onChange} />} />
          </FormField>
          <StaleEditNotice message={formState.errors.root?.stale?.message} className="col-span-2 mobile:col-span-1" />
        </form>
        <DialogFooter>
          <Button variant="secondary" type="button" onClick={() => onOpenChange(false)}>
            {tc('cancel')}
          </Button>
          <Button type="submit" form="location-form" loading={formState.isSubmitting}>
            {tc('save')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
