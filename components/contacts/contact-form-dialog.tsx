'use client';

import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog-lazy';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import { createContactAction, updateContactAction } from '@/lib/contacts/actions';
import type { ContactRecord } from '@/lib/contacts/record';
import type { LocationOption } from '@/lib/locations/options';
import type { contactInput } from '@/lib/contacts/schema';
import type { Locale } from '@/lib/i18n/locales';
import { notify } from '@/lib/notify/notify';
import { ContactChoiceFields } from './contact-choice-fields';
import { ContactConsentFields } from './contact-consent-fields';
import { CustomFieldsEditor } from './custom-fields-editor';
import { TagInput } from './tag-input';
import { useFieldMessage } from '@/components/ui/use-field-message';
import { isStaleEdit, StaleEditNotice } from '@/components/forms/stale-edit-notice';

export type Values = z.input<typeof contactInput>;
type Output = z.output<typeof contactInput>;
type Field = keyof Values;
// The schema (zod) loads on the first check; it checks a phone's typed shape only (lib/phone/typed.ts),
// and the server action reads the number in the location's country.
const resolver = lazyZodResolver(() => import('@/lib/contacts/schema').then((m) => m.contactInput));

/** The detailed form, for adding and for editing; the same zod schema checks here and on the server. */
export function ContactFormDialog({ open, onOpenChange, contact, locations, fieldKeys }: { open: boolean; onOpenChange: (open: boolean) => void; contact?: ContactRecord; locations: LocationOption[]; fieldKeys: string[] }) {
  const t = useTranslations('contacts');
  const tc = useTranslations('common');
  const locale = useLocale() as Locale;
  const router = useRouter();
  const [duplicateUrl, setDuplicateUrl] = useState<string | null>(null);
  const form = useForm<Values, unknown, Output>({ resolver, mode: 'onTouched', defaultValues: valuesFor(contact) });
  const { register, control, handleSubmit, formState, reset, setError } = form;

  useEffect(() => {
    if (open) reset(valuesFor(contact));
  }, [open, contact, reset]);

  const message = useFieldMessage(formState.errors);

  const onSubmit = handleSubmit(async (values) => {
    setDuplicateUrl(null);
    const result = contact ? await updateContactAction({ id: contact.id, contact: updateOf(values, contact, formState.dirtyFields) }) : await createContactAction(values);
    if (!result.ok) {
      if (isStaleEdit(result)) setError('root.stale', { type: 'stale', message: result.message });
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
          <ContactChoiceFields control={control} locations={locations} locationError={message('locationId')} />
          <div className="col-span-2 mobile:col-span-1">
            <FormField label={t('form.tags')} hint={t('form.tagsHint')} error={message('tags')}>
              <Controller control={control} name="tags" render={({ field }) => <TagInput value={field.value ?? []} onChange={field.onChange} />} />
            </FormField>
          </div>
          <div className="col-span-2 mobile:col-span-1">
            <Controller control={control} name="customFields" render={({ field }) => <CustomFieldsEditor value={field.value ?? {}} onChange={field.onChange} suggestions={fieldKeys} error={message('customFields')} />} />
          </div>
          <ContactConsentFields control={control} contact={contact} />
          <StaleEditNotice message={formState.errors.root?.stale?.message} className="col-span-2 mobile:col-span-1" />
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

/**
 * An edit's input: the switches only when the user moved them (null keeps the stored consent, so
 * an opt-out recorded after the dialog opened stays), and the version the dialog was opened on.
 */
function updateOf(values: Output, contact: ContactRecord, dirty: Partial<Record<Field, unknown>>): Values {
  return { ...values, emailOptIn: dirty.emailOptIn ? values.emailOptIn : null, smsOptIn: dirty.smsOptIn ? values.smsOptIn : null, updatedAt: contact.updatedAt };
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
