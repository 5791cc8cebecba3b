'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { SimpleSelect } from '@/components/ui/select';
import type { ImportPreview } from '@/lib/contacts/import/preview-import';
import type { LocationOption } from '@/lib/locations/options';
import { importFields, type ImportField } from '@/lib/contacts/limits';
import { textEncodings, type TextEncoding } from '@/lib/spreadsheet/text-encodings';

export const NONE = 'none';
export type Column = ImportField | 'ignore';

interface Props {
  preview: ImportPreview;
  columns: Column[];
  onColumnsChange: (columns: Column[]) => void;
  locations: LocationOption[];
  locationId: string;
  onLocationChange: (locationId: string) => void;
  /** Reads the file again in another text encoding (a CSV or vCard). */
  onEncodingChange: (encoding: TextEncoding) => void;
  busy: boolean;
  onBack: () => void;
  onStart: () => void;
}

/** Step 2: a field for each column, a default location, and the first rows as they will be read. */
export function ImportMatchStep({ preview, columns, onColumnsChange: setColumns, locations, locationId, onLocationChange: setLocationId, onEncodingChange, busy, onBack, onStart: runImport }: Props) {
  const t = useTranslations('contacts.import');
  const fieldOptions = [{ value: 'ignore', label: t('fields.ignore') }, ...importFields.map((f) => ({ value: f, label: t(`fields.${f}`) }))];
  return (
    <Card>
      <CardContent className="flex flex-col gap-5 py-6">
        <p className="text-sm text-slate-600 dark:text-slate-300">
          <span className="font-medium text-slate-900 dark:text-white">{preview.fileName}</span> · {t('rows', { count: preview.totalRows })}
        </p>
        {preview.source && (
          <p data-testid="import-source" className="rounded-lg bg-primary-soft/60 px-3 py-2 text-sm text-slate-700 dark:bg-primary/10 dark:text-slate-200">
            {t('sourceRecognised', { source: t(`exportSources.${preview.source}`) })}
          </p>
        )}
        {preview.encoding && (
          <div className="flex flex-col gap-1.5">
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span className="text-slate-700 dark:text-slate-200">{t('encoding.label')}</span>
              <SimpleSelect aria-label={t('encoding.label')} value={preview.encoding} disabled={busy} onValueChange={(v) => onEncodingChange(v as TextEncoding)} options={textEncodings.map((e) => ({ value: e, label: t(`encoding.names.${e}`) }))} />
            </div>
            <p className="text-xs text-slate-500 dark:text-slate-400">{t('encoding.hint')}</p>
            {preview.undecodableRows > 0 && (
              <p role="alert" className="text-sm text-amber-700 dark:text-amber-400">
                {t('encoding.undecodable', { count: preview.undecodableRows })}
              </p>
            )}
          </div>
        )}
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
          <Button variant="secondary" onClick={onBack}>
            {t('back')}
          </Button>
          <Button onClick={runImport} loading={busy}>
            {t('check.button')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
