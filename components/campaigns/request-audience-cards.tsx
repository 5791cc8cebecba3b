'use client';

import { Users } from 'lucide-react';
import { useTranslations } from 'next-intl';
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
  const { state, set, patch, err, trial } = fields;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{tf('filterCard')}</CardTitle>
        <CardDescription>{tf('filterHint')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <label className="flex items-center gap-3 text-sm">
          <Switch checked={state.optInOnly} disabled={trial} onCheckedChange={(v) => set('optInOnly', v)} aria-label={tf('optInOnly')} />
          {tf('optInOnly')}
        </label>
        <div className={cardGrid}>
          <FormField label={tf('tags')} hint={tf('tagsHint')}>
            <Input value={state.tags} disabled={trial} onChange={(e) => set('tags', e.target.value)} />
          </FormField>
          <FormField label={tf('silentDays')} hint={tf('silentDaysHint')} error={err('silentDays')}>
            <Input type="number" inputMode="numeric" min={0} max={3650} value={state.silentDays} disabled={trial} onChange={(e) => set('silentDays', e.target.value)} />
          </FormField>
          <DateRange label={tf('optInTime')} from={state.optInFrom} to={state.optInTo} disabled={trial} onChange={(from, to) => patch({ optInFrom: from, optInTo: to })} />
          <DateRange label={tf('lastRequest')} from={state.lastFrom} to={state.lastTo} disabled={trial} onChange={(from, to) => patch({ lastFrom: from, lastTo: to })} />
        </div>
        <div className="flex flex-wrap gap-6">
          <Checkbox label={tf('openedEmail')} checked={state.openedEmail} disabled={trial} onCheckedChange={(v) => set('openedEmail', v)} />
          <Checkbox label={tf('clickedLink')} checked={state.clickedLink} disabled={trial} onCheckedChange={(v) => set('clickedLink', v)} />
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
  const { state, set, err, channel } = fields;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{tf('recipientCard')}</CardTitle>
        <CardDescription>{tf('recipientHint')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <label className="flex items-center gap-3 text-sm">
          <Switch checked={state.single} onCheckedChange={(v) => set('single', v)} aria-label={tf('recipientToggle')} />
          {tf('recipientToggle')}
        </label>
        {state.single && (
          <div className={cardGrid}>
            <FormField label={tf('recipientName')}>
              <Input value={state.recipientName} maxLength={100} onChange={(e) => set('recipientName', e.target.value)} />
            </FormField>
            {channel === 0 ? (
              <FormField label={tf('recipientEmail')} required error={err('recipientEmail')}>
                <Input type="email" value={state.recipientEmail} onChange={(e) => set('recipientEmail', e.target.value)} />
              </FormField>
            ) : (
              <FormField label={tf('recipientPhone')} required error={err('recipientPhone')}>
                <Input type="tel" value={state.recipientPhone} onChange={(e) => set('recipientPhone', e.target.value)} />
              </FormField>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function DateRange({ label, from, to, disabled, onChange }: { label: string; from: string; to: string; disabled?: boolean; onChange: (from: string, to: string) => void }) {
  const tf = useTranslations('campaigns.form');
  return (
    <FormField label={label}>
      <div className="flex items-center gap-2">
        <Input type="date" aria-label={`${label} ${tf('from')}`} value={from} max={to || undefined} disabled={disabled} onChange={(e) => onChange(e.target.value, to)} />
        <span className="text-slate-400" aria-hidden>
          –
        </span>
        <Input type="date" aria-label={`${label} ${tf('to')}`} value={to} min={from || undefined} disabled={disabled} onChange={(e) => onChange(from, e.target.value)} />
      </div>
    </FormField>
  );
}
