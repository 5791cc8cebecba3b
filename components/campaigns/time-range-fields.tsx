'use client';

import { Minus, Plus } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { cutOver24, type FormRange } from '@/lib/schedule/rules';
import { parseHm } from '@/lib/schedule/time-range';
import { notify } from '@/lib/notify/notify';

type Range = FormRange;

/** One range: start, end, "next day"; shows the cross-midnight badge. */
export function RangeRow({ value, onChange, disabled, label, testId, describedBy }: { value: Range; onChange: (next: Range) => void; disabled?: boolean; label: string; testId?: string; describedBy?: string }) {
  const t = useTranslations('campaigns.form');
  const start = parseHm(value.start);
  const end = parseHm(value.end);
  const crosses = start !== null && end !== null && (value.endNextDay || end <= start);
  return (
    <div role="group" aria-label={label} aria-describedby={describedBy} className="flex flex-wrap items-center gap-2" data-testid={testId}>
      <Input type="time" className="w-32" aria-label={`${label} ${t('windowStart')}`} value={value.start} disabled={disabled} onChange={(e) => onChange({ ...value, start: e.target.value })} />
      <span className="text-slate-400" aria-hidden>
        –
      </span>
      <Input type="time" className="w-32" aria-label={`${label} ${t('windowEnd')}`} value={value.end} disabled={disabled} onChange={(e) => onChange({ ...value, end: e.target.value })} />
      <Checkbox label={t('nextDay')} checked={value.endNextDay} disabled={disabled} onCheckedChange={(c) => onChange({ ...value, endNextDay: c })} />
      {crosses && <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300">{t('crossesMidnight')}</span>}
    </div>
  );
}

/**
 * Quiet hours (spec section 5): several ranges; remove is disabled with one; adding needs quiet
 * hours enabled; a span over 24 hours warns and the end becomes start + 24 hours.
 */
export function QuietRanges({ ranges, enabled, onChange, warned, describedBy }: { ranges: Range[]; enabled: boolean; onChange: (next: Range[], cutIndex?: number) => void; warned: number[]; describedBy?: string }) {
  const t = useTranslations('campaigns.form');
  function change(index: number, next: Range) {
    const cut = cutOver24(next);
    if (cut) {
      notify.warning(t('over24h'));
      onChange(ranges.map((r, i) => (i === index ? { ...next, ...cut } : r)), index);
      return;
    }
    onChange(ranges.map((r, i) => (i === index ? next : r)));
  }
  return (
    <div className="space-y-2">
      {ranges.map((range, index) => (
        <div key={index} className="flex flex-wrap items-center gap-2">
          <RangeRow value={range} disabled={!enabled} label={t('quietRange', { n: index + 1 })} onChange={(next) => change(index, next)} testId={`quiet-range-${index}`} describedBy={describedBy} />
          <Button variant="ghost" size="icon" aria-label={t('removeRange', { n: index + 1 })} disabled={!enabled || ranges.length <= 1} onClick={() => onChange(ranges.filter((_, i) => i !== index))}>
            <Minus className="size-4" aria-hidden />
          </Button>
          {warned.includes(index) && <p className="basis-full text-xs text-amber-600 dark:text-amber-400">{t('over24h')}</p>}
        </div>
      ))}
      <Button
        variant="secondary"
        size="sm"
        onClick={() => (enabled ? onChange([...ranges, { start: '', end: '', endNextDay: false }]) : notify.warning(t('addRangeNeedsQuiet')))}
        aria-disabled={!enabled}
        className={enabled ? undefined : 'opacity-60'}
        title={enabled ? undefined : t('addRangeNeedsQuiet')}
      >
        <Plus className="size-4" aria-hidden />
        {t('addRange')}
      </Button>
    </div>
  );
}
