import { PlanCard } from '@/components/account/plan-card';
import type { ServiceContext } from '@/lib/context';
import { smsWebhookAddress } from '@/lib/inbox/sms-webhook-address';
import { getSubscription } from '@/lib/subscription/get-subscription';
import { SmsWebhookCard } from './sms-webhook-card';

/** The settings page's account cards: the plan and trial (with start-trial and upgrade) and the SMS webhook address. */
export async function AccountCards({ ctx }: { ctx: ServiceContext }) {
  const subscription = await getSubscription(ctx);
  const webhook = smsWebhookAddress(ctx.merchantId);
  return (
    <>
      <PlanCard subscription={subscription} locale={ctx.locale} />
      <SmsWebhookCard url={webhook.url} twilioConfigured={webhook.twilioConfigured} />
    </>
  );
}
