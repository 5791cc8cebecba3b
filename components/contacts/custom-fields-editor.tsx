'use client';

import { Plus, X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

/**
 * Merchant-defined fields as key/value rows; keys the merchant used before are suggested. Rows are
 * kept locally (a half-typed key must not vanish) and reported as a record without blank keys.
 */
export function CustomFieldsEditor({ value, onChange, suggestions, error }: { value: Record<string, string>; onChange: (v: Record<string, string>) => void; suggestions: string[]; error?: string }) {
  const t = useTranslations('contacts.form');
  const listId = useId();
  const [rows, setRows] = useState<[string, string][]>(() => Object.entries(value));
  const update = (next: [string, string][]) => {
    setRows(next);
    onChange(Object.fromEntries(next.filter(([k]) => k.trim()).map(([k, v]) => [k.trim(), v])));
  };
  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('customFields')}</span>
      <datalist id={listId}>
        {suggestions.map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
      {rows.map(([key, val], i) => (
        <div key={i} className="flex items-center gap-2">
          <div className="w-2/5">
            <Input aria-label={t('fieldKey')} placeholder={t('fieldKey')} list={listId} value={key} maxLength={40} onChange={(e) => update(rows.map((r, j) => (j === i ? [e.target.value, r[1]] : r)))} />
          </div>
          <div className="flex-1">
            <Input aria-label={t('fieldValue')} placeholder={t('fieldValue')} value={val} maxLength={500} onChange={(e) => update(rows.map((r, j) => (j === i ? [r[0], e.target.value] : r)))} />
          </div>
          <Button variant="ghost" size="icon" aria-label={t('removeField')} onClick={() => update(rows.filter((_, j) => j !== i))}>
            <X className="size-4" aria-hidden="true" />
          </Button>
        </div>
      ))}
      {error && <p role="alert" className="text-sm text-red-600 dark:text-red-400">{error}</p>}
      <div>
        <Button variant="ghost" size="sm" onClick={() => update([...rows, ['', '']])} disabled={rows.length >= 30}>
          <Plus className="size-4" aria-hidden="true" />
          {t('addField')}
        </Button>
      </div>
    </div>
  );
}
