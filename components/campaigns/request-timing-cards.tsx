'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
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
  const { control, register, message } = fields;
  const [timing, timezone] = useWatch({ control, name: ['timing', 'timezone'] });
  const zones = zoneOptions(timezone);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{tf('timeCard')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div role="radiogroup" aria-label={tf('timeCard')} className="flex gap-6 text-sm">
          {(['now', 'later'] as const).map((option) => (
            <label key={option} className="flex items-center gap-2">
              <input type="radio" className="size-4 accent-primary" value={option} {...register('timing')} />
              {option === 'now' ? tf('now') : tf('later')}
            </label>
          ))}
        </div>
        {timing === 'later' && (
          <div className={cardGrid}>
            <FormField label={tf('scheduledTime')} required error={message('scheduledTime')}>
              <Input type="datetime-local" {...register('scheduledTime')} />
            </FormField>
            <FormField label={tf('timezone')} required error={message('timezone')}>
              <Controller
                control={control}
                name="timezone"
                render={({ field }) => <SimpleSelect aria-label={tf('timezone')} value={field.value} onValueChange={field.onChange} onOpenChange={(open) => !open && field.onBlur()} options={zones.map((z, i) => ({ value: z, label: i === 0 ? tf('browserZone', { zone: z }) : z }))} />}
              />
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
  const { control, message, trial } = fields;
  const [isBatchSend, quiet] = useWatch({ control, name: ['isBatchSend', 'quiet'] });
  const [cutRanges, setCutRanges] = useState<number[]>([]);
  const windowError = message('window');
  const quietError = message('ranges');
  const quietErrorId = useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{tf('advancedCard')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-6">
        <div className="space-y-3">
          <label className="flex items-center gap-3 text-sm font-medium">
            <Controller control={control} name="isBatchSend" render={({ field }) => <Switch checked={field.value} disabled={trial} onCheckedChange={field.onChange} onBlur={field.onBlur} aria-label={tf('batch')} />} />
            {tf('batch')}
          </label>
          <p className="text-xs text-slate-500 dark:text-slate-400">{tf('batchHint')}</p>
          {isBatchSend && (
            <FormField label={tf('window')} error={windowError} hint={tf('crossDayNote')}>
              <Controller control={control} name="window" render={({ field }) => <RangeRow value={field.value} label={tf('window')} onChange={field.onChange} testId="delivery-window" />} />
            </FormField>
          )}
          {!isBatchSend && windowError && <p className="text-sm text-red-600">{windowError}</p>}
        </div>
        <div className="space-y-3">
          <label className="flex items-center gap-3 text-sm font-medium">
            <Controller control={control} name="quiet" render={({ field }) => <Switch checked={field.value} disabled={trial} onCheckedChange={field.onChange} onBlur={field.onBlur} aria-label={tf('quiet')} />} />
            {tf('quiet')}
          </label>
          <p className="text-xs text-slate-500 dark:text-slate-400">{tf('quietHint')}</p>
          <Controller
            control={control}
            name="ranges"
            render={({ field }) => (
              <QuietRanges
                ranges={field.value}
                enabled={quiet && !trial}
                warned={cutRanges}
                describedBy={quietError ? quietErrorId : undefined}
                onChange={(ranges, cut) => {
                  field.onChange(ranges);
                  setCutRanges(cut === undefined ? [] : [cut]);
                }}
              />
            )}
          />
          {quietError && (
            <p id={quietErrorId} role="alert" className="text-sm text-red-600 dark:text-red-400">
              {quietError}
            </p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
