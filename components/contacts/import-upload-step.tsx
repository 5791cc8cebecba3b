'use client';

import { Download, FileSpreadsheet, UploadCloud } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState, type RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { cn, focusRing } from '@/components/ui/cn';

interface Props {
  file: File | null;
  error: string | null;
  busy: boolean;
  input: RefObject<HTMLInputElement | null>;
  onChoose: (file: File | null | undefined) => void;
  onNext: () => void;
}

/** Step 1: drop or choose the spreadsheet, or download the sample. */
export function ImportUploadStep({ file, error, busy, input, onChoose: choose, onNext: toMatch }: Props) {
  const t = useTranslations('contacts.import');
  const [dragging, setDragging] = useState(false);
  return (
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
          <input ref={input} type="file" className={cn('sr-only', focusRing)} accept=".xlsx,.xls,.csv,.vcf,text/vcard,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel,text/csv" aria-label={t('choose')} onChange={(e) => choose(e.target.files?.[0])} />
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
  );
}
