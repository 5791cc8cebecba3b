'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog-lazy';
import { FormField, useFormFieldControl } from '@/components/ui/form-field';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import { useFieldMessage } from '@/components/ui/use-field-message';
import { notify } from '@/lib/notify/notify';
import type { reviewImportSchema } from '@/lib/reviews/schema';

type Values = z.input<typeof reviewImportSchema>;
// The file's checks (type, size) with the route's refusals, loaded on the first check.
const resolver = lazyZodResolver(() => import('@/lib/reviews/schema').then((m) => m.reviewImportSchema));

interface Outcome {
  inserted: number;
  updated: number;
  /** `reason`: the row's refusal in the caller's language, values included (the column, its limit). */
  failed: { row: number; messageKey: string; reason: string }[];
}

/** Imports reviews of other sites from a .csv, .xlsx or .xls file (POST /api/reviews/import); opened by ImportButton. */
export function ImportDialog({ open, setOpen }: { open: boolean; setOpen: (open: boolean) => void }) {
  const t = useTranslations('reviews.import');
  const tAll = useTranslations();
  const router = useRouter();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { control, handleSubmit, formState, reset, setError } = useForm<Values, unknown, z.output<typeof reviewImportSchema>>({ resolver, defaultValues: {} });
  const message = useFieldMessage(formState.errors);
  // Closing unmounts the file input: the form forgets its file, its errors and the last outcome.
  const close = () => {
    setOpen(false);
    setOutcome(null);
    reset();
  };

  const submit = handleSubmit(async ({ file }) => {
    const form = new FormData();
    form.set('file', file);
    try {
      const response = await fetch('/api/reviews/import', { method: 'POST', body: form, headers: { 'accept-language': document.documentElement.lang || 'zh-CN' } });
      const body = await response.json();
      if (!response.ok) return setError('file', { type: 'server', message: body.msg });
      setOutcome(body.data);
      notify.success(t('result', { inserted: body.data.inserted, updated: body.data.updated }));
      router.refresh();
    } catch {
      setError('file', { type: 'server', message: t('network') });
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? setOpen(true) : close())}
    >
      <DialogContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>{t('title')}</DialogTitle>
            <DialogDescription>{t('description')}</DialogDescription>
          </DialogHeader>
          <FormField label={t('file')} error={message('file')} hint={t('columns')} required>
            <Controller control={control} name="file" render={({ field }) => <FileInput ref={field.ref} name={field.name} onBlur={field.onBlur} onChange={(e) => field.onChange(e.target.files?.[0])} />} />
          </FormField>
          {outcome && (
            <div role="status" className="rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800/60">
              <p>{t('result', { inserted: outcome.inserted, updated: outcome.updated })}</p>
              {outcome.failed.length > 0 && (
                <ul className="mt-2 max-h-40 list-disc overflow-y-auto ps-5 text-red-700 dark:text-red-300">
                  {outcome.failed.map((f) => (
                    <li key={f.row}>{t('rowError', { row: f.row, message: f.reason || tAll(f.messageKey as 'reviews.errors.rating') })}</li>
                  ))}
                </ul>
              )}
            </div>
          )}
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={close}>
              {t('close')}
            </Button>
            <Button type="submit" loading={formState.isSubmitting}>
              {t('submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The file picker, wired to its FormField (id, aria-invalid, aria-describedby) like the kit's controls. */
function FileInput(props: React.ComponentProps<'input'>) {
  const field = useFormFieldControl();
  return <input type="file" accept=".csv,.xlsx,.xls,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel" className="text-sm file:me-3 file:rounded-md file:border-0 file:bg-primary-soft file:px-3 file:py-1.5 file:text-primary" {...field} {...props} />;
}
