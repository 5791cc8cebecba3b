'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog-lazy';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { SimpleSelect } from '@/components/ui/select';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import { notify } from '@/lib/notify/notify';
import { addReviewAction } from '@/lib/reviews/actions';
import type { manualReviewSchema } from '@/lib/reviews/schema';
import { useFieldMessage } from '@/components/ui/use-field-message';

const SITES = ['dianping', 'openrice', 'tripadvisor', 'other'] as const;

type Values = z.input<typeof manualReviewSchema>;
type Output = z.output<typeof manualReviewSchema>;

/** The domain's schema, plus the one rule only the page knows: no date after today (the merchant's). */
function resolverFor(today: string) {
  return lazyZodResolver(() => import('@/lib/reviews/schema').then((m) => m.manualReviewSchema.refine((v) => v.reviewDate <= today, { path: ['reviewDate'], message: 'reviews.add.futureDate' })));
}

/** A review from another site, typed in by hand (Google's come from the sync); opened by AddReviewButton. */
export function AddReviewDialog({ locations, today, open, setOpen }: { locations: { id: number; name: string }[]; today: string; open: boolean; setOpen: (open: boolean) => void }) {
  const t = useTranslations('reviews');
  const router = useRouter();
  const [resolver] = useState(() => resolverFor(today));
  const empty: Values = { site: 'dianping', locationId: locations[0] ? String(locations[0].id) : '', reviewerName: '', rating: '5', comment: '', reviewDate: today, employeeTag: '' };
  const { register, control, handleSubmit, formState, reset, setError } = useForm<Values, unknown, Output>({ resolver, mode: 'onTouched', defaultValues: empty });

  const message = useFieldMessage(formState.errors);

  const submit = handleSubmit(async (values) => {
    const result = await addReviewAction(values);
    if (!result.ok) {
      for (const [field, text] of Object.entries(result.fieldErrors ?? {})) setError(field as keyof Values, { type: 'server', message: text });
      return notify.warning(result.message);
    }
    notify.success(result.message ?? t('added'));
    setOpen(false);
    reset(empty);
    router.refresh();
  });

  return (
      <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{t('add.title')}</DialogTitle>
            <DialogDescription>{t('add.description')}</DialogDescription>
          </DialogHeader>
          <div className="grid grid-cols-2 gap-3 mobile:grid-cols-1">
            <FormField label={t('columns.site')} required>
              <Controller control={control} name="site" render={({ field }) => <SimpleSelect value={String(field.value)} onValueChange={field.onChange} aria-label={t('columns.site')} options={SITES.map((s) => ({ value: s, label: t(`sites.${s}`) }))} />} />
            </FormField>
            <FormField label={t('columns.location')} error={message('locationId')}>
              <Controller control={control} name="locationId" render={({ field }) => <SimpleSelect value={field.value ? String(field.value) : undefined} onValueChange={field.onChange} aria-label={t('columns.location')} options={locations.map((l) => ({ value: String(l.id), label: l.name }))} placeholder={t('add.noLocation')} />} />
            </FormField>
            <FormField label={t('columns.reviewer')} required error={message('reviewerName')}>
              <Input {...register('reviewerName')} maxLength={100} />
            </FormField>
            <FormField label={t('columns.rating')} required error={message('rating')}>
              <Controller control={control} name="rating" render={({ field }) => <SimpleSelect value={String(field.value)} onValueChange={field.onChange} aria-label={t('columns.rating')} options={[5, 4, 3, 2, 1].map((n) => ({ value: String(n), label: t('filters.starsOption', { n }) }))} />} />
            </FormField>
            <FormField label={t('columns.date')} required error={message('reviewDate')}>
              <Input type="date" {...register('reviewDate')} max={today} />
            </FormField>
            <FormField label={t('columns.employee')} error={message('employeeTag')}>
              <Input {...register('employeeTag')} maxLength={50} placeholder={t('tagPlaceholder')} />
            </FormField>
            <FormField label={t('columns.comment')} className="col-span-full" error={message('comment')}>
              <Textarea {...register('comment')} rows={4} maxLength={5000} />
            </FormField>
          </div>
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
              {t('reply.cancel')}
            </Button>
            <Button type="submit" loading={formState.isSubmitting}>
              {t('add.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
      </Dialog>
  );
}
