'use client';

import { Check, Download, FileSpreadsheet, UploadCloud } from 'lucide-react';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { cn, focusRing } from '@/components/ui/cn';
import { SimpleSelect } from '@/components/ui/select';
import type { ImportSummary } from '@/lib/contacts/import/commit-import';
import type { ImportPreview } from '@/lib/contacts/import/preview-import';
import type { LocationOption } from '@/lib/locations/options';
import { importFields, type ImportField } from '@/lib/contacts/limits';
import { notify } from '@/lib/notify/notify';
import { downloadRejected, postWithProgress } from './import-request';

const MAX_BYTES = 2 * 1024 * 1024;
const EXTENSIONS = ['xlsx', 'xls', 'csv'];
const NONE = 'none';
type Column = ImportField | 'ignore';

/** Three steps: upload (checked here and again on the server), match columns, import with a summary. */
export function ImportWizard({ locations }: { locations: LocationOption[] }) {
  const t = useTranslations('contacts.import');
  const locale = useLocale();
  const input = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState<0 | 1 | 2>(0);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [columns, setColumns] = useState<Column[]>([]);
  const [locationId, setLocationId] = useState<string>(NONE);
  const [progress, setProgress] = useState(0);
  const [summary, setSummary] = useState<ImportSummary | null>(null);

  const choose = (f: File | null | undefined) => {
    setError(null);
    if (!f) return;
    const ext = f.name.toLowerCase().split('.').pop() ?? '';
    if (!EXTENSIONS.includes(ext)) return fail(t('errors.wrongType'));
    if (f.size > MAX_BYTES) return fail(t('errors.tooLarge', { size: 2 }));
    setFile(f);
  };
  const fail = (message: string) => {
    setFile(null);
    setError(message);
    notify.warning(message);
  };

  const toMatch = async () => {
    if (!file) return fail(t('errors.noFile'));
    setBusy(true);
    const form = new FormData();
    form.set('file', file);
    const res = await postWithProgress<ImportPreview>('/api/member/import/preview', form, locale, () => {});
    setBusy(false);
    if (!res.ok) return fail(res.msg || t('errors.unreadable'));
    setPreview(res.data);
    setColumns(res.data.columns);
    setStep(1);
  };

  const runImport = async () => {
    if (!file || !preview) return;
    if (!columns.includes('email') && !columns.includes('phone')) return notify.warning(t('needKey'));
    setStep(2);
    setSummary(null);
    setProgress(2);
    const form = new FormData();
    form.set('file', file);
    form.set('columns', JSON.stringify(columns));
    if (locationId !== NONE) form.set('locationId', locationId);
    // Upload is the first half of the bar; the server's one transaction the second (estimated).
    let processing: ReturnType<typeof setInterval> | undefined;
    const res = await postWithProgress<ImportSummary>('/api/member/import', form, locale, (f) => {
      setProgress(Math.max(2, Math.round(f * 50)));
      if (f >= 1 && !processing) processing = setInterval(() => setProgress((p) => Math.min(95, p + Math.max(1, Math.round((95 - p) / 8)))), 300);
    });
    clearInterval(processing);
    if (!res.ok) {
      setProgress(0);
      setStep(1);
      notify.error(res.msg || t('failed'));
      return;
    }
    setProgress(100);
    setSummary(res.data);
    notify.success(t('done'));
  };

  const reset = () => {
    setStep(0);
    setFile(null);
    setPreview(null);
    setSummary(null);
    setProgress(0);
    if (input.current) input.current.value = '';
  };

  const fieldOptions = [{ value: 'ignore', label: t('fields.ignore') }, ...importFields.map((f) => ({ value: f, label: t(`fields.${f}`) }))];

  return (
    <div className="flex flex-col gap-6">
      <ol className="flex items-center gap-2 text-sm" aria-label={t('title')}>
        {(['upload', 'match', 'import'] as const).map((name, i) => (
          <li key={name} className="flex flex-1 items-center gap-2" aria-current={step === i ? 'step' : undefined}>
            <span className={cn('flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold', i < step ? 'bg-primary text-white' : i === step ? 'bg-primary text-white ring-4 ring-primary/20' : 'bg-slate-200 text-slate-600 dark:bg-slate-800 dark:text-slate-300')}>
              {i < step ? <Check className="size-4" aria-hidden="true" /> : i + 1}
            </span>
            <span className={cn('whitespace-nowrap', step === i ? 'font-medium text-slate-900 dark:text-white' : 'text-slate-500 dark:text-slate-400')}>{t(`steps.${name}`)}</span>
            {i < 2 && <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" aria-hidden="true" />}
          </li>
        ))}
      </ol>

      {step === 0 && (
        <Card>
          <CardContent className="flex flex-col gap-4 py-6">
            <label
              onDragOver={(e) => {
                e.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={(e) => {
                e.preventDefault();
                setDragging(false);
                choose(e.dataTransfer.files[0]);
              }}
              className={cn(
                'flex cursor-pointer flex-col items-center gap-3 rounded-xl border-2 border-dashed px-6 py-12 text-center transition-colors focus-within:border-primary',
                dragging ? 'border-primary bg-primary-soft/50 dark:bg-primary/10' : 'border-slate-300 hover:border-primary dark:border-slate-700',
              )}
            >
              {file ? <FileSpreadsheet className="size-10 text-primary" aria-hidden="true" /> : <UploadCloud className="size-10 text-slate-400" aria-hidden="true" />}
              <span className="font-medium text-slate-900 dark:text-white">{file ? file.name : t('drop')}</span>
              <span className="text-sm text-slate-500 dark:text-slate-400">{file ? `${(file.size / 1024).toFixed(1)} KB` : t('accept')}</span>
              <input ref={input} type="file" className={cn('sr-only', focusRing)} accept=".xlsx,.xls,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel,text/csv" aria-label={t('choose')} onChange={(e) => choose(e.target.files?.[0])} />
            </label>
            {error && (
              <p role="alert" className="text-sm text-red-600 dark:text-red-400">
                {error}
              </p>
            )}
            <div className="flex flex-wrap items-center justify-between gap-3">
              <a href="/api/member/import/sample" download className="inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline">
                <Download className="size-4" aria-hidden="true" />
                {t('sample')}
              </a>
              <Button onClick={toMatch} loading={busy}>
                {t('next')}
              </Button>
            </div>
          </CardContent>
        </Card>
      )}

      {step === 1 && preview && (
        <Card>
          <CardContent className="flex flex-col gap-5 py-6">
            <p className="text-sm text-slate-600 dark:text-slate-300">
              <span className="font-medium text-slate-900 dark:text-white">{preview.fileName}</span> · {t('rows', { count: preview.totalRows })}
            </p>
            <div className="grid grid-cols-[repeat(auto-fill,minmax(14rem,1fr))] gap-3">
              {preview.headers.map((header, i) => (
                <div key={i} className="flex flex-col gap-1.5 rounded-lg border border-slate-200 p-3 dark:border-slate-800">
                  <span className="truncate text-sm font-medium text-slate-900 dark:text-white" title={header}>
                    {header || `#${i + 1}`}
                  </span>
                  <span className="truncate text-xs text-slate-500 dark:text-slate-400">{preview.preview[0]?.[i] || '—'}</span>
                  <SimpleSelect aria-label={`${t('field')}: ${header || i + 1}`} value={columns[i] ?? 'ignore'} onValueChange={(v) => setColumns(columns.map((c, j) => (j === i ? (v as Column) : c)))} options={fieldOptions} />
                </div>
              ))}
            </div>
            <div className="flex max-w-md flex-col gap-1.5">
              <span className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('defaultLocation')}</span>
              <SimpleSelect aria-label={t('defaultLocation')} value={locationId} onValueChange={setLocationId} options={[{ value: NONE, label: '—' }, ...locations.map((l) => ({ value: String(l.id), label: l.name }))]} />
            </div>
            <div className="flex flex-col gap-2">
              <span className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('previewTitle')}</span>
              <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
                <table className="w-full text-sm" aria-label={t('previewTitle')}>
                  <thead className="bg-slate-50 text-xs text-slate-500 dark:bg-slate-800/50 dark:text-slate-400">
                    <tr>
                      {preview.headers.map((h, i) => (
                        <th key={i} scope="col" className="px-3 py-2 text-start font-medium whitespace-nowrap">
                          {h}
                          <span className="block font-normal text-primary">{t(`fields.${columns[i] ?? 'ignore'}`)}</span>
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                    {preview.preview.map((row, r) => (
                      <tr key={r}>
                        {row.map((cell, c) => (
                          <td key={c} className={cn('px-3 py-2 whitespace-nowrap text-slate-700 dark:text-slate-200', columns[c] === 'ignore' && 'text-slate-400 line-through dark:text-slate-600')}>
                            {cell}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
            <div className="flex justify-between gap-3">
              <Button variant="secondary" onClick={() => setStep(0)}>
                {t('back')}
              </Button>
              <Button onClick={runImport}>{t('start', { count: preview.totalRows })}</Button>
            </div>
          </CardContent>
        </Card>
      )}

      {step === 2 && (
        <Card>
          <CardContent className="flex flex-col gap-5 py-6">
            <div className="flex flex-col gap-2">
              <span className="text-sm text-slate-600 dark:text-slate-300">{summary ? t('done') : t('processing')}</span>
              <div role="progressbar" aria-label={t('steps.import')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress} className="h-2.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800">
                <div className="h-full rounded-full bg-primary transition-[width] duration-300" style={{ width: `${progress}%` }} />
              </div>
            </div>
            {summary && (
              <>
                <dl className="grid grid-cols-4 gap-3 mobile:grid-cols-2">
                  {(['created', 'updated', 'unchanged', 'skipped'] as const).map((k) => (
                    <div key={k} className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
                      <dt className="text-sm text-slate-500 dark:text-slate-400">{t(`summary.${k}`)}</dt>
                      <dd data-testid={`import-${k}`} className={cn('text-2xl font-semibold tabular-nums', k === 'skipped' && summary.skipped ? 'text-amber-600 dark:text-amber-400' : 'text-slate-900 dark:text-white')}>
                        {summary[k]}
                      </dd>
                    </div>
                  ))}
                </dl>
                {summary.withoutPhone > 0 && (
                  <p data-testid="import-without-phone" className="text-sm text-amber-700 dark:text-amber-400">
                    {t('summary.withoutPhone', { count: summary.withoutPhone })}
                  </p>
                )}
                <div className="flex flex-wrap items-center justify-between gap-3">
                  {summary.rejected.length > 0 ? (
                    <Button variant="secondary" onClick={() => downloadRejected(`${t('rejectedFileName')}.csv`, summary.headers, summary.rejected, { row: t('rowColumn'), reason: t('reasonColumn') })}>
                      <Download className="size-4" aria-hidden="true" />
                      {t('rejectedFile')}
                    </Button>
                  ) : (
                    <span />
                  )}
                  <div className="flex gap-2">
                    <Button variant="secondary" onClick={reset}>
                      {t('again')}
                    </Button>
                    <Button asChild>
                      <Link href="/contacts">{t('toList')}</Link>
                    </Button>
                  </div>
                </div>
              </>
            )}
          </CardContent>
        </Card>
      )}
    </div>
  );
}
