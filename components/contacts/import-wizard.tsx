'use client';

import { Check } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { cn } from '@/components/ui/cn';
import type { ImportSummary } from '@/lib/contacts/import/commit-import';
import type { ImportPreview } from '@/lib/contacts/import/preview-import';
import type { LocationOption } from '@/lib/locations/options';
import { notify } from '@/lib/notify/notify';
import { NONE, ImportMatchStep, type Column } from './import-match-step';
import { postWithProgress } from './import-request';
import { ImportResultStep } from './import-result-step';
import { ImportUploadStep } from './import-upload-step';
import { ImportCheckStep } from './import-check-step';
import type { ConflictChoice } from '@/lib/contacts/limits';
import type { TextEncoding } from '@/lib/spreadsheet/text-encodings';

const MAX_BYTES = 2 * 1024 * 1024;
const EXTENSIONS = ['xlsx', 'xls', 'csv', 'vcf'];

/** Three steps: upload (checked here and again on the server), match columns, import with a summary. */
export function ImportWizard({ locations }: { locations: LocationOption[] }) {
  const t = useTranslations('contacts.import');
  const locale = useLocale();
  const input = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState<0 | 1 | 2>(0);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [columns, setColumns] = useState<Column[]>([]);
  const [locationId, setLocationId] = useState<string>(NONE);
  const [progress, setProgress] = useState(0);
  const [summary, setSummary] = useState<ImportSummary | null>(null);
  // The check before the import: its counts and conflicts, and the merchant's choice for each.
  const [check, setCheck] = useState<ImportSummary | null>(null);
  const [choices, setChoices] = useState<Map<number, ConflictChoice>>(new Map());
  const [otherwise, setOtherwise] = useState<ConflictChoice>('skip');

  const chooseFile = (f: File | null | undefined) => {
    setError(null);
    if (!f) return;
    const ext = f.name.toLowerCase().split('.').pop() ?? '';
    if (!EXTENSIONS.includes(ext)) return fail(t('errors.wrongType'));
    if (f.size > MAX_BYTES) return fail(t('errors.tooLarge', { size: 2 }));
    setFile(f);
  };
  // Shown once, beside the file it is about (an alert), not also as a toast.
  const fail = (message: string) => {
    setFile(null);
    setError(message);
  };

  const toMatch = async (encoding?: TextEncoding) => {
    if (!file) return fail(t('errors.noFile'));
    setBusy(true);
    const form = new FormData();
    form.set('file', file);
    if (encoding) form.set('encoding', encoding);
    const res = await postWithProgress<ImportPreview>('/api/member/import/preview', form, locale, () => {});
    setBusy(false);
    // Another encoding of a file already shown: a refusal is a message, the file and its preview stay.
    if (!res.ok) return encoding ? notify.error(res.msg || t('errors.unreadable')) : fail(res.msg || t('errors.unreadable'));
    setPreview(res.data);
    setColumns(res.data.columns);
    setStep(1);
  };

  const importForm = (byRow: Map<number, ConflictChoice>, forAll: ConflictChoice) => {
    const form = new FormData();
    form.set('file', file as File);
    form.set('columns', JSON.stringify(columns));
    if (locationId !== NONE) form.set('locationId', locationId);
    if (preview?.encoding) form.set('encoding', preview.encoding);
    form.set('conflictChoice', forAll);
    form.set('conflicts', JSON.stringify([...byRow].map(([row, choice]) => ({ row, choice }))));
    return form;
  };

  // Counts what the import would do with these choices; nothing is written.
  const runCheck = async (byRow: Map<number, ConflictChoice>, forAll: ConflictChoice) => {
    if (!file || !preview) return;
    if (!columns.includes('email') && !columns.includes('phone')) return notify.warning(t('needKey'));
    setBusy(true);
    const res = await postWithProgress<ImportSummary>('/api/member/import/check', importForm(byRow, forAll), locale, () => {});
    setBusy(false);
    if (!res.ok) return notify.error(res.msg || t('failed'));
    setCheck(res.data);
    setStep(2);
  };

  const choose = (row: number | null, choice: ConflictChoice) => {
    const byRow = new Map(choices);
    let forAll = otherwise;
    if (row === null) {
      forAll = choice;
      byRow.clear();
    } else byRow.set(row, choice);
    setChoices(byRow);
    setOtherwise(forAll);
    void runCheck(byRow, forAll);
  };

  const runImport = async () => {
    if (!file || !preview) return;
    const form = importForm(choices, otherwise);
    setCheck(null);
    setSummary(null);
    setProgress(2);
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
      setCheck(null);
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
    setCheck(null);
    setChoices(new Map());
    setOtherwise('skip');
    setProgress(0);
    if (input.current) input.current.value = '';
  };

  return (
    <div className="flex flex-col gap-6">
      <ol className="flex items-center gap-2 text-sm" aria-label={t('title')}>
        {(['upload', 'match', 'import'] as const).map((name, i) => (
          <li key={name} className="flex flex-1 items-center gap-2" aria-current={step === i ? 'step' : undefined}>
            <span className={cn('flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold', i < step ? 'bg-primary-700 text-white' : i === step ? 'bg-primary-700 text-white ring-4 ring-primary/20' : 'bg-slate-200 text-slate-600 dark:bg-slate-800 dark:text-slate-300')}>
              {i < step ? <Check className="size-4" aria-hidden="true" /> : i + 1}
            </span>
            <span className={cn('whitespace-nowrap', step === i ? 'font-medium text-slate-900 dark:text-white' : 'text-slate-500 dark:text-slate-400')}>{t(`steps.${name}`)}</span>
            {i < 2 && <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" aria-hidden="true" />}
          </li>
        ))}
      </ol>

      {step === 0 && <ImportUploadStep file={file} error={error} busy={busy} input={input} onChoose={chooseFile} onNext={() => toMatch()} />}

      {step === 1 && preview && (
        <ImportMatchStep preview={preview} columns={columns} onColumnsChange={setColumns} locations={locations} locationId={locationId} onLocationChange={setLocationId} onEncodingChange={(e) => toMatch(e)} busy={busy} onBack={() => setStep(0)} onStart={() => runCheck(choices, otherwise)} />
      )}

      {step === 2 && check && <ImportCheckStep check={check} busy={busy} choices={choices} otherwise={otherwise} onChoose={choose} onBack={() => (setCheck(null), setStep(1))} onImport={runImport} />}

      {step === 2 && !check && <ImportResultStep summary={summary} progress={progress} onAgain={reset} />}
    </div>
  );
}
