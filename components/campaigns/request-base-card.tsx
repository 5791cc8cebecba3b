'use client';

import { Eye } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Controller, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SimpleSelect } from '@/components/ui/select';
import type { RequestFormOptions } from '@/lib/campaigns/form-options';
import { CAMPAIGN_NAME_MAX } from '@/lib/campaigns/limits';
import type { RequestFields } from './use-request-form';

export const cardGrid = 'grid gap-4 sm:grid-cols-2';

/** Name, template and location of a request, with the message preview. */
export function RequestBaseCard({ fields, options, previewLoading, onPreviewTemplate }: { fields: RequestFields; options: RequestFormOptions; previewLoading: boolean; onPreviewTemplate: () => void }) {
  const tf = useTranslations('campaigns.form');
  const { control, register, message, trial } = fields;
  const nameLength = useWatch({ control, name: 'campaignName' }).trim().length;
  const templateOptions = options.templates.map((tpl) => ({ value: String(tpl.id), label: tpl.common ? `${tpl.name} · ${tf('commonTemplate')}` : tpl.name, disabled: trial && !tpl.common }));
  const locationOptions = options.locations.map((l) => ({ value: String(l.id), label: l.name }));
  return (
    <Card>
      <CardHeader>
        <CardTitle>{tf('baseCard')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <FormField label={tf('name')} required error={message('campaignName')} aside={<span className={nameLength > CAMPAIGN_NAME_MAX ? 'text-red-600' : undefined}>{`${nameLength}/${CAMPAIGN_NAME_MAX}`}</span>}>
          <Input {...register('campaignName')} maxLength={CAMPAIGN_NAME_MAX + 20} placeholder={tf('namePlaceholder')} />
        </FormField>
        <div className={cardGrid}>
          <FormField label={tf('template')} required error={message('templateId')}>
            <Controller control={control} name="templateId" render={({ field }) => <SimpleSelect aria-label={tf('template')} value={field.value} onValueChange={field.onChange} onOpenChange={(open) => !open && field.onBlur()} options={templateOptions} placeholder={tf('templatePlaceholder')} />} />
          </FormField>
          <FormField label={tf('location')} required error={message('locationId')}>
            <Controller control={control} name="locationId" render={({ field }) => <SimpleSelect aria-label={tf('location')} value={field.value} onValueChange={field.onChange} onOpenChange={(open) => !open && field.onBlur()} options={locationOptions} placeholder={tf('locationPlaceholder')} />} />
          </FormField>
        </div>
        <Button variant="secondary" onClick={onPreviewTemplate} loading={previewLoading}>
          <Eye className="size-4" aria-hidden />
          {tf('previewTemplate')}
        </Button>
      </CardContent>
    </Card>
  );
}
