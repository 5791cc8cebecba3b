'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog-lazy';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import { quickAddContactAction } from '@/lib/contacts/actions';
import type { LocationOption } from '@/lib/locations/options';
import type { quickAddInput } from '@/lib/contacts/schema';
import { notify } from '@/lib/notify/notify';
import { ContactLocationSelect } from './location-select';
import { useFieldMessage } from '@/components/ui/use-field-message';

type Values = z.input<typeof quickAddInput>;
type Output = z.output<typeof quickAddInput>;
// The schema (zod) loads on the first check; it checks a phone's typed shape only (lib/phone/typed.ts),
// and the server action reads the number in the location's country.
const resolver = lazyZodResolver(() => import('@/lib/contacts/schema').then((m) => m.quickAddInput));

/** Quick add: one name (split by the language's name order) and an e-mail or a phone. */
export function QuickAddDialog({ open, onOpenChange, locations }: { open: boolean; onOpenChange: (open: boolean) => void; locations: LocationOption[] }) {
  const t = useTranslations('contacts');
  const tc = useTranslations('common');
  const router = useRouter();
  const [duplicateUrl, setDuplicateUrl] = useState<string | null>(null);
  const form = useForm<Values, unknown, Output>({ resolver, mode: 'onTouched', defaultValues: { name: '', email: '', phone: '', locationId: null } });
  const { register, control, handleSubmit, formState, reset, setError } = form;

  useEffect(() => {
    if (open) reset({ name: '', email: '', phone: '', locationId: null });
  }, [open, reset]);

  const message = useFieldMessage(formState.errors);

  const onSubmit = handleSubmit(async (values) => {
    const result = await quickAddContactAction(values);
    if (!result.ok) {
      for (const [field, text] of Object.entries(result.fieldErrors ?? {})) setError(field as keyof Values, { type: 'server', message: text });
      if (typeof result.details?.duplicateUrl === 'string') setDuplicateUrl(result.details.duplicateUrl);
      notify.warning(result.message);
      return;
    }
    notify.success(result.message ?? t('created'));
    onOpenChange(false);
    router.refresh();
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setDuplicateUrl(null);
        onOpenChange(next);
      }}
    >
      <DialogContent size="sm">
        <DialogHeader>
          <DialogTitle>{t('form.quickTitle')}</DialogTitle>
          <DialogDescription>{t('form.quickHint')}</DialogDescription>
        </DialogHeader>
        <form id="quick-add-form" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <FormField label={t('form.name')} required error={message('name')}>
            <Input {...register('name')} autoComplete="name" />
          </FormField>
          <FormField label={t('form.email')} error={message('email')}>
            <Input type="email" {...register('email')} />
          </FormField>
          <FormField label={t('form.phone')} error={message('phone')} hint={t('form.phoneHint')}>
            <Input type="tel" {...register('phone')} />
          </FormField>
          {duplicateUrl && (
            <Link href={duplicateUrl} className="-mt-2 text-sm font-medium text-primary underline">
              {t('form.viewExisting')}
            </Link>
          )}
          <FormField label={t('form.location')}>
            <Controller
              control={control}
              name="locationId"
              render={({ field }) => (
                <ContactLocationSelect value={field.value} onChange={field.onChange} locations={locations} />
              )}
            />
          </FormField>
        </form>
        <DialogFooter>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {tc('cancel')}
          </Button>
          <Button type="submit" form="quick-add-form" loading={formState.isSubmitting}>
            {tc('add')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
