'use client';

import { Check, CircleHelp, TriangleAlert, X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import type { CheckResult, CheckStatus } from '@/lib/deliverability/types';

const tone: Record<CheckStatus, BadgeTone> = { pass: 'success', missing: 'danger', wrong: 'warning', unknown: 'neutral' };
const Icon: Record<CheckStatus, typeof Check> = { pass: Check, missing: X, wrong: TriangleAlert, unknown: CircleHelp };

/** One check: its verdict, what it means, and the exact record to add, copyable. */
export function CheckResultRow({ result }: { result: CheckResult }) {
  const t = useTranslations('deliverability');
  const StatusIcon = Icon[result.status];
  return (
    <li className="flex flex-col gap-2 py-3" data-testid={`check-${result.check}`} data-status={result.status}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="min-w-24 font-medium text-slate-800 dark:text-slate-100">{t(`checks.${result.check}`)}</span>
        <Badge tone={tone[result.status]} className="inline-flex items-center gap-1">
          <StatusIcon aria-hidden="true" className="size-3.5" />
          {t(`status.${result.status}`)}
        </Badge>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t(`reasons.${result.reason}`, { code: '', domain: '', include: '', selector: '', policy: '', ...result.values })}</p>
      {result.found && result.status !== 'pass' && (
        <p className="text-xs break-all text-slate-500 dark:text-slate-400">
          {t('found')}: <code>{result.found.join(' | ')}</code>
        </p>
      )}
      {result.record && <RecordToAdd record={result.record} />}
    </li>
  );
}

function RecordToAdd({ record }: { record: NonNullable<CheckResult['record']> }) {
  const t = useTranslations('deliverability');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(record.value);
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };
  return (
    <div className="rounded-md border border-slate-200 bg-slate-50 p-3 text-xs dark:border-slate-700 dark:bg-slate-900">
      <p className="mb-2 font-medium text-slate-700 dark:text-slate-200">{t('recordToAdd')}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-slate-500 dark:text-slate-400">{t('recordType')}</dt>
        <dd className="font-mono">{record.type}</dd>
        <dt className="text-slate-500 dark:text-slate-400">{t('recordName')}</dt>
        <dd className="font-mono break-all">{record.name}</dd>
        <dt className="text-slate-500 dark:text-slate-400">{t('recordValue')}</dt>
        <dd className="flex items-start gap-2">
          <code className="min-w-0 flex-1 font-mono break-all">{record.value}</code>
          <button type="button" onClick={copy} className="shrink-0 rounded px-1.5 py-0.5 text-primary hover:bg-primary-soft focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none">
            {copied ? t('copied') : t('copy')}
          </button>
        </dd>
      </dl>
    </div>
  );
}
