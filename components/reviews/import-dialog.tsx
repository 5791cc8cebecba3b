'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useId, useRef, useState } from 'react';
import { Upload } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog-lazy';
import { FormField } from '@/components/ui/form-field';
import { notify } from '@/lib/notify/notify';

const MAX_BYTES = 2 * 1024 * 1024;

interface Outcome {
  inserted: number;
  updated: number;
  failed: { row: number; messageKey: string }[];
}

/** Imports reviews of other sites from a .csv, .xlsx or .xls file (POST /api/reviews/import). */
export function ImportDialog() {
  const t = useTranslations('reviews.import');
  const tAll = useTranslations();
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) return setError(t('chooseFile'));
    if (!/\.(csv|xlsx|xls)$/i.test(file.name)) return setError(t('wrongType'));
    if (file.size > MAX_BYTES) return setError(t('tooLarge'));
    setError(null);
    setBusy(true);
    const form = new FormData();
    form.set('file', file);
    try {
      const response = await fetch('/api/reviews/import', { method: 'POST', body: form, headers: { 'accept-language': document.documentElement.lang || 'zh-CN' } });
      const body = await response.json();
      if (!response.ok) {
        setError(body.msg);
        return;
      }
      setOutcome(body.data);
      notify.success(t('result', { inserted: body.data.inserted, updated: body.data.updated }));
      router.refresh();
    } catch {
      setError(t('network'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {/* Outside the dialog: the dialog's code loads later, and the button must stay the same element. */}
      <Button variant="secondary" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <Upload aria-hidden="true" />
        {t('button')}
      </Button>
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setOutcome(null);
          setError(null);
        }
      }}
    >
      <DialogContent>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>{t('title')}</DialogTitle>
            <DialogDescription>{t('description')}</DialogDescription>
          </DialogHeader>
          <FormField id={fileId} label={t('file')} error={error} hint={t('columns')} required>
            <input ref={input} id={fileId} type="file" accept=".csv,.xlsx,.xls,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel" className="text-sm file:me-3 file:rounded-md file:border-0 file:bg-primary-soft file:px-3 file:py-1.5 file:text-primary" />
          </FormField>
          {outcome && (
            <div role="status" className="rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800/60">
              <p>{t('result', { inserted: outcome.inserted, updated: outcome.updated })}</p>
              {outcome.failed.length > 0 && (
                <ul className="mt-2 max-h-40 list-disc overflow-y-auto ps-5 text-red-700 dark:text-red-300">
                  {outcome.failed.map((f) => (
                    <li key={f.row}>{t('rowError', { row: f.row, message: tAll(f.messageKey as 'reviews.errors.rating') })}</li>
                  ))}
                </ul>
              )}
            </div>
          )}
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
              {t('close')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
    </>
  );
}
