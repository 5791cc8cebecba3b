'use client';

import { KeyRound, RefreshCw } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { checkDomainAction, rotateDkimKeyAction } from '@/lib/deliverability/actions';
import type { DomainReport } from '@/lib/deliverability/types';
import type { Locale } from '@/lib/i18n/locales';
import { notify } from '@/lib/notify/notify';
import { formatDateTime } from '@/lib/time/format';
import { CheckResultRow } from './check-result-row';

const verdictStyle: Record<DomainReport['verdict'], string> = {
  pass: 'border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-500/30 dark:bg-emerald-500/10 dark:text-emerald-200',
  fail: 'border-red-200 bg-red-50 text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-200',
  unknown: 'border-amber-200 bg-amber-50 text-amber-800 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200',
};

/**
 * The profile's deliverability section: the last check of the service e-mail's domain, a check
 * now (any member), and the owner's key replacement (confirmed first: a new record to publish).
 */
export function DomainCheckCard({ report: initial, hasServiceEmail, isOwner }: { report: DomainReport | null; hasServiceEmail: boolean; isOwner: boolean }) {
  const t = useTranslations('deliverability');
  const locale = useLocale() as Locale;
  const confirm = useConfirm();
  const [report, setReport] = useState(initial);
  const [checking, startCheck] = useTransition();
  const [rotating, startRotate] = useTransition();

  const check = () =>
    startCheck(async () => {
      const result = await checkDomainAction({});
      if (!result.ok) return notify.warning(result.message);
      setReport(result.data);
    });

  const rotate = async () => {
    if (!(await confirm({ title: t('rotateKey'), description: t('rotateConfirm') }))) return;
    startRotate(async () => {
      const result = await rotateDkimKeyAction({});
      if (!result.ok) return notify.warning(result.message);
      setReport(result.data);
      notify.success(result.message ?? t('rotated'));
    });
  };

  return (
    <Card id="deliverability" data-testid="deliverability-card">
      <CardHeader>
        <CardTitle>{t('title')}</CardTitle>
        <CardDescription>{t('intro')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4" aria-busy={checking || rotating}>
        {!hasServiceEmail ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">{t('noServiceEmail')}</p>
        ) : report ? (
          <>
            <p role="status" data-testid="deliverability-verdict" data-verdict={report.verdict} className={`rounded-lg border px-4 py-3 text-sm font-medium ${verdictStyle[report.verdict]}`}>
              {report.domain}: {t(`verdict.${report.verdict}`)}
            </p>
            <ul className="divide-y divide-slate-200 dark:divide-slate-700">
              {report.results.map((result) => (
                <CheckResultRow key={result.check} result={result} />
              ))}
            </ul>
            <p className="text-xs text-slate-500 tabular-nums dark:text-slate-400">{t('checkedAt', { time: formatDateTime(report.checkedAt, locale) })}</p>
          </>
        ) : (
          <p className="text-sm text-slate-500 dark:text-slate-400">{t('neverChecked')}</p>
        )}
        {hasServiceEmail && (
          <div className="flex flex-wrap gap-2">
            <Button onClick={check} loading={checking}>
              <RefreshCw aria-hidden="true" />
              {checking ? t('checking') : t('checkNow')}
            </Button>
            {isOwner && (
              <Button variant="secondary" onClick={rotate} loading={rotating}>
                <KeyRound aria-hidden="true" />
                {t('rotateKey')}
              </Button>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
