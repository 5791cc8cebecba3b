'use client';

import { Download } from 'lucide-react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import type { ImportSummary } from '@/lib/contacts/import/commit-import';
import { downloadRejected } from './import-request';

/** Step 3: the progress bar, then the counts, the rejected rows' file, and the ways on. */
export function ImportResultStep({ summary, progress, onAgain: reset }: { summary: ImportSummary | null; progress: number; onAgain: () => void }) {
  const t = useTranslations('contacts.import');
  return (
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
            {/* Only phones left out: say so; anything else left out too: the general note. */}
            {summary.withNotes > summary.withoutPhone ? (
              <p data-testid="import-with-notes" className="text-sm text-amber-700 dark:text-amber-400">
                {t('summary.withNotes', { count: summary.withNotes })}
              </p>
            ) : (
              summary.withoutPhone > 0 && (
                <p data-testid="import-without-phone" className="text-sm text-amber-700 dark:text-amber-400">
                  {t('summary.withoutPhone', { count: summary.withoutPhone })}
                </p>
              )
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
  );
}
