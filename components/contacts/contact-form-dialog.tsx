'use client';

import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import { SimpleSelect } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { contactGenders, contactTypes } from '@/db/constants/contacts';
import { createContactAction, updateContactAction } from '@/lib/contacts/actions';
import type { ContactRecord } from '@/lib/contacts/record';
import type { LocationOption } from '@/lib/locations/options';
import type { contactInput } from '@/lib/contacts/schema';
import type { Locale } from '@/lib/i18n/locales';
import { notify } from '@/lib/notify/notify';
import { formatDateTime } from '@/lib/time/format';
import { CustomFieldsEditor } from './custom-fields-editor';
import { TagInput } from './tag-input';

type Values = z.input<typeof contactInput>;
type Output = z.output<typeof contactInput>;
type Field = keyof Values;
const NONE = 'none';
// The schema (zod) loads on the first check; it checks a phone's typed shape only (lib/phone/typed.ts),
// and the server action reads the number in the location's country.
const resolver = lazyZodResolver(() => import('@/lib/contacts/schema').then((m) => m.contactInput));

/** The detailed form, for adding and for editing; the same zod schema checks here and on the server. */
export function ContactFormDialog({ open, onOpenChange, contact, locations, fieldKeys }: { open: boolean; onOpenChange: (open: boolean) => void; contact?: ContactRecord; locations: LocationOption[]; fieldKeys: string[] }) {
  const t = useTranslations('contacts');
  const tc = useTranslations('common');
  const tAll = useTranslations();
  const locale = useLocale() as Locale;
  const router = useRouter();
  const [duplicateUrl, setDuplicateUrl] = useState<string | null>(null);
  const form = useForm<Values, unknown, Output>({ resolver, mode: 'onTouched', defaultValues: valuesFor(contact) });
  const { register, control, handleSubmit, formState, reset, setError } = form;

  useEffect(() => {
    if (open) reset(valuesFor(contact));
  }, [open, contact, reset]);

  const message = (field: string) => {
    const m = (formState.errors as Record<string, { message?: string } | undefined>)[field]?.message;
    if (!m) return undefined;
    return /^[a-zA-Z]+(\.[a-zA-Z0-9_]+)+$/.test(m) && tAll.has(m as never) ? tAll(m as never) : m;
  };

  const onSubmit = handleSubmit(async (values) => {
    setDuplicateUrl(null);
    const result = contact ? await updateContactAction({ id: contact.id, contact: values }) : await createContactAction(values);
    if (!result.ok) {
      for (const [field, text] of Object.entries(result.fieldErrors ?? {})) setError(field as Field, { type: 'server', message: text }, { shouldFocus: true });
      if (typeof result.details?.duplicateUrl === 'string') setDuplicateUrl(result.details.duplicateUrl);
      notify.warning(result.message);
      return;
    }
    notify.success(result.message ?? t(contact ? 'saved' : 'created'));
    onOpenChange(false);
    if (contact) router.refresh();
    else router.push(`/contacts/${result.data.id}`);
  });

  const consentMeta = (at: Date | null | undefined, source: string | null | undefined) =>
    at && source ? t('form.consentMeta', { source: t(`source.${source}` as never), time: formatDateTime(at, locale) }) : t('form.consentNever');

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setDuplicateUrl(null);
        onOpenChange(next);
      }}
    >
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>{contact ? t('form.editTitle') : t('form.addTitle')}</DialogTitle>
          <DialogDescription>{t('form.emailOrPhone')}</DialogDescription>
        </DialogHeader>
        <form id="contact-form" onSubmit={onSubmit} noValidate className="grid max-h-[65dvh] grid-cols-2 gap-x-4 gap-y-4 overflow-y-auto px-0.5 pb-1 mobile:grid-cols-1">
          {/* Family name first in Chinese, given name first in English (spec section 9). */}
          {(locale === 'en-US' ? (['firstName', 'lastName'] as const) : (['lastName', 'firstName'] as const)).map((name) => (
            <FormField key={name} label={t(`form.${name}`)} required error={message(name)}>
              <Input {...register(name)} autoComplete={name === 'firstName' ? 'given-name' : 'family-name'} />
            </FormField>
          ))}
          <FormField label={t('form.email')} error={message('email')}>
            <Input type="email" {...register('email')} autoComplete="email" />
          </FormField>
          <FormField label={t('form.phone')} error={message('phone')} hint={t('form.phoneHint')}>
            <Input type="tel" {...register('phone')} autoComplete="tel" />
          </FormField>
          {duplicateUrl && (
            <p className="col-span-2 -mt-2 text-sm mobile:col-span-1">
              <Link href={duplicateUrl} className="font-medium text-primary underline" onClick={() => onOpenChange(false)}>
                {t('form.viewExisting')}
              </Link>
            </p>
          )}
          <FormField label={t('form.gender')}>
            <Controller control={control} name="gender" render={({ field }) => <SimpleSelect aria-label={t('form.gender')} value={field.value ?? 'unknown'} onValueChange={field.onChange} options={contactGenders.map((g) => ({ value: g, label: t(`gender.${g}`) }))} />} />
          </FormField>
          <FormField label={t('form.type')}>
            <Controller control={control} name="type" render={({ field }) => <SimpleSelect aria-label={t('form.type')} value={field.value ?? 'leads'} onValueChange={field.onChange} options={contactTypes.map((v) => ({ value: v, label: t(`type.${v}`) }))} />} />
          </FormField>
          <FormField label={t('form.location')} error={message('locationId')}>
            <Controller
              control={control}
              name="locationId"
              render={({ field }) => (
                <SimpleSelect
                  aria-label={t('form.location')}
                  value={field.value ? String(field.value) : NONE}
                  onValueChange={(v) => field.onChange(v === NONE ? null : Number(v))}
                  options={[{ value: NONE, label: t('noLocation') }, ...locations.map((l) => ({ value: String(l.id), label: l.name }))]}
                />
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
          <div className="col-span-2 mobile:col-span-1">
            <FormField label={t('form.tags')} hint={t('form.tagsHint')} error={message('tags')}>
              <Controller control={control} name="tags" render={({ field }) => <TagInput value={field.value ?? []} onChange={field.onChange} />} />
            </FormField>
          </div>
          <div className="col-span-2 mobile:col-span-1">
            <Controller control={control} name="customFields" render={({ field }) => <CustomFieldsEditor value={field.value ?? {}} onChange={field.onChange} suggestions={fieldKeys} error={message('customFields')} />} />
          </div>
          <fieldset className="col-span-2 grid grid-cols-2 gap-4 rounded-lg border border-slate-200 p-3 dark:border-slate-800 mobile:col-span-1 mobile:grid-cols-1">
            <legend className="px-1 text-sm font-medium text-slate-700 dark:text-slate-200">{t('form.consent')}</legend>
            <FormField label={t('form.emailOptIn')} inline hint={consentMeta(contact?.emailOptInAt, contact?.emailOptInSource)}>
              <Controller control={control} name="emailOptIn" render={({ field }) => <Switch checked={field.value === true} onCheckedChange={(v) => field.onChange(v)} />} />
            </FormField>
            <FormField label={t('form.smsOptIn')} inline hint={consentMeta(contact?.smsOptInAt, contact?.smsOptInSource)}>
              <Controller control={control} name="smsOptIn" render={({ field }) => <Switch checked={field.value === true} onCheckedChange={(v) => field.onChange(v)} />} />
            </FormField>
          </fieldset>
        </form>
        <DialogFooter>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {tc('cancel')}
          </Button>
          <Button type="submit" form="contact-form" loading={formState.isSubmitting}>
            {tc('save')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function valuesFor(c?: ContactRecord): Values {
  return {
    firstName: c?.firstName ?? '',
    lastName: c?.lastName ?? '',
    email: c?.email ?? '',
    phone: c?.phone ?? '',
    gender: c?.gender ?? 'unknown',
    type: c?.type ?? 'leads',
    locationId: c?.locationId ?? null,
    tags: c?.tags ?? [],
    customFields: c?.customFields ?? {},
    emailOptIn: c?.emailOptIn ?? null,
    smsOptIn: c?.smsOptIn ?? null,
    locale: (c?.locale as Values['locale']) ?? null,
  };
}
