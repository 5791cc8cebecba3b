'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog-lazy';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { SimpleSelect } from '@/components/ui/select';
import { notify } from '@/lib/notify/notify';
import { addReviewAction } from '@/lib/reviews/actions';

const SITES = ['dianping', 'openrice', 'tripadvisor', 'other'] as const;

/** A review from another site, typed in by hand (Google's come from the sync). */
export function AddReviewDialog({ locations, today }: { locations: { id: number; name: string }[]; today: string }) {
  const t = useTranslations('reviews');
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const empty = { site: 'dianping', locationId: locations[0] ? String(locations[0].id) : '', reviewerName: '', rating: '5', comment: '', reviewDate: today, employeeTag: '' };
  const [f, setF] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof f) => (value: string) => setF((prev) => ({ ...prev, [key]: value }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!f.reviewerName.trim()) local.reviewerName = t('add.required');
    if (!f.reviewDate) local.reviewDate = t('add.required');
    if (f.reviewDate > today) local.reviewDate = t('add.futureDate');
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    const result = await addReviewAction({
      site: f.site as (typeof SITES)[number],
      locationId: f.locationId ? Number(f.locationId) : undefined,
      reviewerName: f.reviewerName,
      rating: Number(f.rating),
      comment: f.comment,
      reviewDate: f.reviewDate,
      employeeTag: f.employeeTag || undefined,
    });
    setBusy(false);
    if (!result.ok) {
      setErrors(result.fieldErrors ?? {});
      return notify.warning(result.message);
    }
    notify.success(result.message ?? t('added'));
    setOpen(false);
    setF(empty);
    router.refresh();
  };

  return (
    <>
      {/* Outside the dialog: the dialog's code loads later, and the button must stay the same element. */}
      <Button variant="secondary" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" />
        {t('add.button')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{t('add.title')}</DialogTitle>
            <DialogDescription>{t('add.description')}</DialogDescription>
          </DialogHeader>
          <div className="grid grid-cols-2 gap-3 mobile:grid-cols-1">
            <FormField label={t('columns.site')} required>
              <SimpleSelect value={f.site} onValueChange={set('site')} aria-label={t('columns.site')} options={SITES.map((s) => ({ value: s, label: t(`sites.${s}`) }))} />
            </FormField>
            <FormField label={t('columns.location')} error={errors.locationId}>
              <SimpleSelect value={f.locationId || undefined} onValueChange={set('locationId')} aria-label={t('columns.location')} options={locations.map((l) => ({ value: String(l.id), label: l.name }))} placeholder={t('add.noLocation')} />
            </FormField>
            <FormField label={t('columns.reviewer')} required error={errors.reviewerName}>
              <Input value={f.reviewerName} onChange={(e) => set('reviewerName')(e.target.value)} maxLength={100} />
            </FormField>
            <FormField label={t('columns.rating')} required error={errors.rating}>
              <SimpleSelect value={f.rating} onValueChange={set('rating')} aria-label={t('columns.rating')} options={[5, 4, 3, 2, 1].map((n) => ({ value: String(n), label: t('filters.starsOption', { n }) }))} />
            </FormField>
            <FormField label={t('columns.date')} required error={errors.reviewDate}>
              <Input type="date" value={f.reviewDate} max={today} onChange={(e) => set('reviewDate')(e.target.value)} />
            </FormField>
            <FormField label={t('columns.employee')} error={errors.employeeTag}>
              <Input value={f.employeeTag} onChange={(e) => set('employeeTag')(e.target.value)} maxLength={50} placeholder={t('tagPlaceholder')} />
            </FormField>
            <FormField label={t('columns.comment')} className="col-span-full" error={errors.comment}>
              <Textarea value={f.comment} onChange={(e) => set('comment')(e.target.value)} rows={4} maxLength={5000} />
            </FormField>
          </div>
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
              {t('reply.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('add.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
      </Dialog>
    </>
  );
}
