'use client';

import { Users } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Controller, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { cardGrid } from './request-base-card';
import type { RequestFields } from './use-request-form';

/** Who receives the request: the member filters, with the members preview. */
export function RequestFilterCard({ fields, membersLoading, onPreviewMembers }: { fields: RequestFields; membersLoading: boolean; onPreviewMembers: () => void }) {
  const tf = useTranslations('campaigns.form');
  const { control, register, message, trial } = fields;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{tf('filterCard')}</CardTitle>
        <CardDescription>{tf('filterHint')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <label className="flex items-center gap-3 text-sm">
          <Controller control={control} name="optInOnly" render={({ field }) => <Switch checked={field.value} disabled={trial} onCheckedChange={field.onChange} onBlur={field.onBlur} aria-label={tf('optInOnly')} />} />
          {tf('optInOnly')}
        </label>
        <div className={cardGrid}>
          <FormField label={tf('tags')} hint={tf('tagsHint')} error={message('tags')}>
            <Input {...register('tags')} disabled={trial} />
          </FormField>
          <FormField label={tf('silentDays')} hint={tf('silentDaysHint')} error={message('silentDays')}>
            <Input type="number" inputMode="numeric" min={0} max={3650} {...register('silentDays')} disabled={trial} />
          </FormField>
          <DateRange fields={fields} label={tf('optInTime')} from="optInFrom" to="optInTo" />
          <DateRange fields={fields} label={tf('lastRequest')} from="lastFrom" to="lastTo" />
        </div>
        <div className="flex flex-wrap gap-6">
          <Checkbox label={tf('openedEmail')} {...register('openedEmail')} disabled={trial} />
          <Checkbox label={tf('clickedLink')} {...register('clickedLink')} disabled={trial} />
        </div>
        <Button variant="secondary" onClick={onPreviewMembers} loading={membersLoading}>
          <Users className="size-4" aria-hidden />
          {tf('previewMembers')}
        </Button>
      </CardContent>
    </Card>
  );
}

/** One named recipient instead of the filtered members. */
export function RequestRecipientCard({ fields }: { fields: RequestFields }) {
  const tf = useTranslations('campaigns.form');
  const { control, register, message, channel } = fields;
  const single = useWatch({ control, name: 'single' });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{tf('recipientCard')}</CardTitle>
        <CardDescription>{tf('recipientHint')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <label className="flex items-center gap-3 text-sm">
          <Controller control={control} name="single" render={({ field }) => <Switch checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} aria-label={tf('recipientToggle')} />} />
          {tf('recipientToggle')}
        </label>
        {single && (
          <div className={cardGrid}>
            <FormField label={tf('recipientName')}>
              <Input {...register('recipientName')} maxLength={100} />
            </FormField>
            {channel === 0 ? (
              <FormField label={tf('recipientEmail')} required error={message('recipientEmail')}>
                <Input type="email" {...register('recipientEmail')} maxLength={254} />
              </FormField>
            ) : (
              <FormField label={tf('recipientPhone')} required error={message('recipientPhone')}>
                <Input type="tel" {...register('recipientPhone')} maxLength={30} />
              </FormField>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

type DateField = 'optInFrom' | 'optInTo' | 'lastFrom' | 'lastTo';

/** Two dates, each bounding the other. */
function DateRange({ fields, label, from, to }: { fields: RequestFields; label: string; from: DateField; to: DateField }) {
  const tf = useTranslations('campaigns.form');
  const { control, register, message, trial } = fields;
  const [fromValue, toValue] = useWatch({ control, name: [from, to] });
  return (
    <FormField label={label} error={message(from)}>
      <div className="flex items-center gap-2">
        <Input type="date" aria-label={`${label} ${tf('from')}`} {...register(from)} max={toValue || undefined} disabled={trial} />
        <span className="text-slate-400" aria-hidden>
          –
        </span>
        <Input type="date" aria-label={`${label} ${tf('to')}`} {...register(to)} min={fromValue || undefined} disabled={trial} />
      </div>
    </FormField>
  );
}
