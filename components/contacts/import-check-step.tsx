'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { SimpleSelect } from '@/components/ui/select';
import type { ImportSummary } from '@/lib/contacts/import/commit-import';
import { conflictChoices, type ConflictChoice } from '@/lib/contacts/limits';
import { downloadRejected } from './import-request';

interface Props {
  check: ImportSummary;
  busy: boolean;
  choices: Map<number, ConflictChoice>;
  otherwise: ConflictChoice;
  onChoose: (row: number | null, choice: ConflictChoice) => void;
  onBack: () => void;
  onImport: () => void;
}

/**
 * Before anything is written: what the import will do (the server's check, counted by the same
 * code as the import), every conflict with the contact it concerns and its choice, and the
 * refused rows with their reasons. Changing a choice counts again.
 */
export function ImportCheckStep({ check, busy, choices, otherwise, onChoose, onBack, onImport }: Props) {
  const t = useTranslations('contacts.import');
  const options = conflictChoices.map((c) => ({ value: c, label: t(`check.choices.${c}`) }));
  const counts = [
    ['created', check.created],
    ['updated', check.updated],
    ['unchanged', check.unchanged],
    ['conflicts', check.conflicts],
    ['refused', check.skipped],
  ] as const;
  const refused = check.rejected.filter((r) => !r.imported);
  return (
    <Card>
      <CardContent className="flex flex-col gap-5 py-6">
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('check.intro')}</p>
        <dl className="grid grid-cols-5 gap-3 mobile:grid-cols-2">
          {counts.map(([k, n]) => (
            <div key={k} className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
              <dt className="text-sm text-slate-500 dark:text-slate-400">{t(`check.counts.${k}`)}</dt>
              <dd data-testid={`check-${k}`} className={cn('text-2xl font-semibold tabular-nums', (k === 'conflicts' || k === 'refused') && n ? 'text-amber-600 dark:text-amber-400' : 'text-slate-900 dark:text-white')}>
                {n}
              </dd>
            </div>
          ))}
        </dl>
        {check.conflicts > 0 && (
          <section className="flex flex-col gap-3" aria-labelledby="import-conflicts">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="import-conflicts" className="text-sm font-medium text-slate-900 dark:text-white">
                {t('check.conflictsTitle', { count: check.conflicts })}
              </h2>
              <div className="flex items-center gap-2 text-sm">
                <span className="text-slate-600 dark:text-slate-300">{t('check.forAll')}</span>
                <SimpleSelect aria-label={t('check.forAll')} value={otherwise} onValueChange={(v) => onChoose(null, v as ConflictChoice)} options={options} />
              </div>
            </div>
            <ul className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
              {check.conflictList.map((c) => (
                <li key={c.row} className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
                  <div className="flex min-w-0 flex-col gap-0.5">
                    <span className="font-medium text-slate-900 dark:text-white">
                      {t('rowColumn')} {c.row} · {t(`check.kinds.${c.kind}`)}
                    </span>
                    <span className="truncate text-slate-500 dark:text-slate-400">
                      {c.contact.name || '—'} · {c.contact.email ?? '—'} · {c.contact.phone ?? '—'}
                    </span>
                  </div>
                  <SimpleSelect aria-label={`${t('rowColumn')} ${c.row}`} value={choices.get(c.row) ?? c.choice} onValueChange={(v) => onChoose(c.row, v as ConflictChoice)} options={c.kind === 'twoContacts' ? options.filter((o) => o.value !== 'create') : options} />
                </li>
              ))}
            </ul>
            {check.conflicts > check.conflictList.length && <p className="text-xs text-slate-500 dark:text-slate-400">{t('check.moreConflicts', { count: check.conflicts - check.conflictList.length })}</p>}
          </section>
        )}
        {refused.length > 0 && (
          <Button variant="secondary" className="self-start" onClick={() => downloadRejected(`${t('rejectedFileName')}.csv`, check.headers, refused, { row: t('rowColumn'), reason: t('reasonColumn') })}>
            {t('check.refusedFile', { count: refused.length })}
          </Button>
        )}
        <div className="flex justify-between gap-3">
          <Button variant="secondary" onClick={onBack} disabled={busy}>
            {t('back')}
          </Button>
          <Button onClick={onImport} loading={busy}>
            {t('check.importNow')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
