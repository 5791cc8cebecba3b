import { getTranslations } from 'next-intl/server';
import { RequestForm } from '@/components/campaigns/request-form';
import { EmptyState } from '@/components/ui/empty-state';
import { requireSession } from '@/lib/auth/session';
import { requestFormOptions } from '@/lib/campaigns/form-options';
import type { CampaignRecord } from '@/lib/campaigns/record';
import { getCampaign } from '@/lib/campaigns/get-campaign';
import { isAppError } from '@/lib/errors/app-error';
import { isTrialing } from '@/lib/subscription/guard';
import { RequestMenu } from './request-menu';
import { SendOutlookNotice } from '@/components/deliverability/send-outlook-notice';
import { lastDomainReport } from '@/lib/deliverability/sender-domain';
import { sendingRates } from '@/lib/deliverability/sending-rates';

/** The server half of both request pages: options, the draft of ?id=, the trial flag. */
export async function RequestPage({ channel, id }: { channel: 0 | 1; id: string | undefined }) {
  const { ctx } = await requireSession();
  const t = await getTranslations('campaigns');
  let initial: CampaignRecord | null = null;
  if (id) {
    const n = Number(id);
    try {
      initial = Number.isInteger(n) && n > 0 ? await getCampaign(ctx, n) : null;
    } catch (error) {
      if (!isAppError(error)) throw error;
    }
    // An id of another channel, of someone else, or of a request no longer in draft.
    if (!initial || initial.campaignChannel !== channel || initial.status !== 0) {
      return <EmptyState title={initial && initial.status !== 0 ? t('form.notDraft') : t('errors.notFound')} action={<RequestMenu align="center" />} />;
    }
  }
  const [options, trial, report, rates] = await Promise.all([
    requestFormOptions(ctx, channel),
    isTrialing(ctx),
    // E-mail only; the last stored check (no DNS while the page renders: sending checks again).
    channel === 0 ? lastDomainReport(ctx) : null,
    channel === 0 ? sendingRates(ctx.db, ctx.merchantId, ctx.now()) : null,
  ]);
  const complaintRate = rates?.week.overComplaintLine ? ((rates.week.complaintBasisPoints ?? 10_000) / 100).toFixed(2) : null;
  const notice = channel === 0 ? <SendOutlookNotice report={report} complaintRate={complaintRate} /> : null;
  return <RequestForm key={id ?? 'new'} channel={channel} options={options} initial={initial} trial={trial} notice={notice} />;
}
