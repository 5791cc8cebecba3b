'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SimpleSelect } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { cardGrid } from './request-base-card';
import { zoneOptions } from './request-form-model';
import { QuietRanges, RangeRow } from './time-range-fields';
import type { RequestFields } from './use-request-form';

/** Send now, or at a time of a chosen zone. */
export function RequestTimeCard({ fields }: { fields: RequestFields }) {
  const tf = useTranslations('campaigns.form');
  const { state, set, err } = fields;
  const zones = zoneOptions(state.timezone);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{tf('timeCard')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div role="radiogroup" aria-label={tf('timeCard')} className="flex gap-6 text-sm">
          {(['now', 'later'] as const).map((timing) => (
            <label key={timing} className="flex items-center gap-2">
              <input type="radio" name="timing" className="size-4 accent-primary" checked={state.timing === timing} onChange={() => set('timing', timing)} />
              {timing === 'now' ? tf('now') : tf('later')}
            </label>
          ))}
        </div>
        {state.timing === 'later' && (
          <div className={cardGrid}>
            <FormField label={tf('scheduledTime')} required error={err('scheduledTime')}>
              <Input type="datetime-local" value={state.scheduledTime} onChange={(e) => set('scheduledTime', e.target.value)} />
            </FormField>
            <FormField label={tf('timezone')} required>
              <SimpleSelect aria-label={tf('timezone')} value={state.timezone} onValueChange={(v) => set('timezone', v)} options={zones.map((z, i) => ({ value: z, label: i === 0 ? tf('browserZone', { zone: z }) : z }))} />
            </FormField>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** Batch sending within a daily window, and quiet hours. */
export function RequestAdvancedCard({ fields }: { fields: RequestFields }) {
  const tf = useTranslations('campaigns.form');
  const { state, set, err, clearError, trial } = fields;
  const [cutRanges, setCutRanges] = useState<number[]>([]);
  const windowError = err('deliveryWindow');
  const quietError = err('avoidHours');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{tf('advancedCard')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-6">
        <div className="space-y-3">
          <label className="flex items-center gap-3 text-sm font-medium">
            <Switch checked={state.isBatchSend} disabled={trial} onCheckedChange={(v) => set('isBatchSend', v)} aria-label={tf('batch')} />
            {tf('batch')}
          </label>
          <p className="text-xs text-slate-500 dark:text-slate-400">{tf('batchHint')}</p>
          {state.isBatchSend && (
            <FormField label={tf('window')} error={windowError} hint={tf('crossDayNote')}>
              <RangeRow value={state.window} label={tf('window')} onChange={(w) => set('window', w)} testId="delivery-window" />
            </FormField>
          )}
          {!state.isBatchSend && windowError && <p className="text-sm text-red-600">{windowError}</p>}
        </div>
        <div className="space-y-3">
          <label className="flex items-center gap-3 text-sm font-medium">
            <Switch checked={state.quiet} disabled={trial} onCheckedChange={(v) => set('quiet', v)} aria-label={tf('quiet')} />
            {tf('quiet')}
          </label>
          <p className="text-xs text-slate-500 dark:text-slate-400">{tf('quietHint')}</p>
          <QuietRanges
            ranges={state.ranges}
            enabled={state.quiet && !trial}
            warned={cutRanges}
            onChange={(ranges, cut) => {
              set('ranges', ranges);
              clearError('avoidHours');
              setCutRanges(cut === undefined ? [] : [cut]);
            }}
          />
          {quietError && <p className="text-sm text-red-600 dark:text-red-400">{quietError}</p>}
        </div>
      </CardContent>
    </Card>
  );
}
