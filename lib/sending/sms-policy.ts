import type { Db } from '@/db/client';
import { CampaignStatus } from '@/db/schema/campaigns';
import { smsDestinationRefusal } from '@/lib/sending-policy/destination';
import { smsAllowances } from '@/lib/sending-policy/sms-allowance';
import { skipReason } from './eligibility';
import type { DeliveryJob } from './load-batch';

/**
 * Marks the batch's SMS that the sending policy holds back (consent.smsPolicy, which skipReason
 * answers after the consent rules): a number in a high-risk range or a country the merchant does
 * not serve, and every message past what the merchant's daily cap leaves. The cap is spent in
 * delivery order by the messages that would otherwise go, so a batch never overshoots it.
 */
export async function applySmsPolicy(db: Db, jobs: DeliveryJob[], now: Date): Promise<DeliveryJob[]> {
  const sms = jobs.filter((job) => job.channel === 'sms');
  if (!sms.length) return jobs;
  const allowances = await smsAllowances(db, sms.map((job) => job.merchantId), now);
  const left = new Map([...allowances].map(([id, a]) => [id, a.left]));
  for (const job of sms) {
    const allowance = allowances.get(job.merchantId);
    if (!allowance || !wouldSend(job)) continue;
    if (job.consent.phone && smsDestinationRefusal(job.consent.phone, allowance.countries)) {
      job.consent.smsPolicy = 'destination_refused';
      continue;
    }
    const remaining = left.get(job.merchantId) ?? 0;
    if (remaining <= 0) job.consent.smsPolicy = 'daily_cap';
    else left.set(job.merchantId, remaining - 1);
  }
  return jobs;
}

/** The message goes unless the policy stops it (the dispatcher's earlier checks, then consent). */
function wouldSend(job: DeliveryJob): boolean {
  if (job.campaignStatus !== CampaignStatus.SENDING || job.templateMissing || !job.contactExists) return false;
  return skipReason(job.channel, { ...job.consent, recentlyAsked: job.recentlyAsked }, job.scene) === null;
}
