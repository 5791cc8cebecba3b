'use client';

import { ArrowLeft } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useWatch, type Control } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { ForecastPanel } from '@/components/sending/forecast-panel';
import { PageHeader } from '@/components/ui/page-header';
import { StaleEditNotice } from '@/components/forms/stale-edit-notice';
import { useLazyMount } from '@/components/ui/use-lazy-mount';
import type { RequestFormOptions } from '@/lib/campaigns/form-options';
import type { CampaignRecord } from '@/lib/campaigns/record';
import type { CampaignInput } from '@/lib/campaigns/schema';
import { RequestFilterCard, RequestRecipientCard } from './request-audience-cards';
import { RequestBaseCard } from './request-base-card';
import { forecastValues } from './request-form-input';
import type { RequestValues } from './request-form-model';
import { RequestAdvancedCard, RequestTimeCard } from './request-timing-cards';
import { useRequestForm } from './use-request-form';

// The previews (Radix's dialog, the member table) load after the page, when idle, or when first opened (issue 11).
const MembersPreviewDialog = dynamic(() => import('./members-preview-dialog').then((m) => m.MembersPreviewDialog), { ssr: false });
const MessagePreviewDialog = dynamic(() => import('./message-preview-dialog').then((m) => m.MessagePreviewDialog), { ssr: false });

export interface RequestFormProps {
  channel: 0 | 1;
  options: RequestFormOptions;
  initial: CampaignRecord | null;
  trial: boolean;
  /** Rendered above the form's cards: what sending will meet (components/deliverability/send-outlook-notice.tsx). */
  notice?: React.ReactNode;
}

/** The e-mail or SMS review-request form (spec sections 2 and 5); `initial` is the draft of ?id=. */
export function RequestForm({ channel, options, initial, trial, notice }: RequestFormProps) {
  const tf = useTranslations('campaigns.form');
  const tr = useTranslations();
  const router = useRouter();
  const form = useRequestForm({ channel, options, initial, trial });
  const { fields, campaignId, busy, members, preview } = form;
  const timing = useWatch({ control: fields.control, name: 'timing' });
  const membersLoaded = useLazyMount(members.snapshot !== null);
  const previewLoaded = useLazyMount(preview.data !== null);

  return (
    <div className="mx-auto max-w-4xl space-y-4 pb-24">
      <PageHeader
        title={channel === 0 ? tf('emailTitle') : tf('smsTitle')}
        description={campaignId ? tf('editing') : undefined}
        back={
          <Button variant="ghost" size="sm" onClick={() => router.back()}>
            <ArrowLeft className="size-4" aria-hidden />
            {tf('back')}
          </Button>
        }
      />
      {trial && (
        <p className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-800 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200">
          {tf('trialBanner')}{' '}
          <Link href="/more" className="font-medium underline underline-offset-4">
            {tr('subscription.upgrade')}
          </Link>
        </p>
      )}
      {notice}

      <RequestBaseCard fields={fields} options={options} previewLoading={preview.loading} onPreviewTemplate={form.onPreviewTemplate} />
      <RequestFilterCard fields={fields} membersLoading={members.loading} onPreviewMembers={members.open} />
      <RequestRecipientCard fields={fields} />
      <RequestTimeCard fields={fields} />
      <RequestAdvancedCard fields={fields} />

      <RequestForecast control={fields.control} channel={channel} />
      <StaleEditNotice message={form.stale} />

      <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap justify-end gap-2 border-t border-slate-200 bg-white/90 px-4 py-3 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
        <Button variant="ghost" onClick={() => router.back()}>
          {tf('back')}
        </Button>
        <Button variant="secondary" onClick={form.onSave} loading={busy === 'save'} disabled={busy !== null}>
          {campaignId ? tf('update') : tf('save')}
        </Button>
        <Button onClick={form.onSubmit} loading={busy === 'submit'} disabled={busy !== null}>
          {timing === 'later' ? tf('schedule') : tf('sendNow')}
        </Button>
      </div>

      {membersLoaded && <MembersPreviewDialog snapshot={members.snapshot} onClose={members.close} />}
      {previewLoaded && <MessagePreviewDialog data={preview.data} channel={channel} onClose={preview.close} />}
    </div>
  );
}

/** The forecast panel fed from the values as they stand: re-rendered only when the input they make changes. */
function RequestForecast({ control, channel }: { control: Control<RequestValues, unknown, CampaignInput>; channel: 0 | 1 }) {
  const values = useWatch({ control, compute: (v: RequestValues) => forecastValues(v, channel) });
  return <ForecastPanel values={values} />;
}
