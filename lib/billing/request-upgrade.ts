import { and, eq } from 'drizzle-orm';
import { upgradeRequests } from '@/db/schema/billing';
import { logError } from '@/lib/observability/log-error';
import { newRequestId } from '@/lib/observability/request-id';
import type { ServiceContext } from '@/lib/context';
import { translatorFor } from '@/lib/i18n/translator';
import { sendEmail } from '@/lib/messaging/send';
import { DeliveryError } from '@/lib/messaging/types';
import { escapeHtml } from '@/lib/templates/tokens';
import { requireOwner } from '@/lib/team/require-owner';
import { operatorAddress } from './operator-address';
import type { UpgradeRequestInput } from './schema';
import { upgradeDetails } from './upgrade-details';

export interface UpgradeRequestResult {
  requestId: number;
  /** Whether the operator was mailed; false: recorded only (no OPERATOR_EMAIL, or the mail failed). */
  mailed: boolean;
}

/**
 * The owner asks the operator for a plan: the request is recorded first (so it is never lost),
 * then mailed to OPERATOR_EMAIL with the merchant's details through the app's mail transport.
 * Staff are refused (the plan binds the merchant). Payment is not handled here.
 */
export async function requestUpgrade(ctx: ServiceContext, input: UpgradeRequestInput): Promise<UpgradeRequestResult> {
  await requireOwner(ctx);
  const details = await upgradeDetails(ctx);
  const { subscription } = details;
  const [row] = await ctx.db
    .insert(upgradeRequests)
    .values({ merchantId: ctx.merchantId, userId: ctx.userId, plan: input.plan, message: input.message, contactEmail: details.contactEmail, contactPhone: details.contactPhone, createdAt: ctx.now() })
    .returning({ id: upgradeRequests.id });
  const to = operatorAddress();
  if (!to) return { requestId: row.id, mailed: false };

  const t = translatorFor(ctx.locale);
  const plan = t(`subscription.plans.${input.plan}`);
  const lines: [string, string][] = [
    [t('billing.mail.merchant'), details.merchantName],
    [t('billing.mail.merchantId'), String(ctx.merchantId)],
    [t('billing.mail.contact'), details.contactName],
    [t('billing.mail.email'), details.contactEmail],
    [t('billing.mail.phone'), details.contactPhone ?? '-'],
    [t('billing.mail.serviceEmail'), details.serviceEmail ?? '-'],
    [t('billing.mail.currentPlan'), `${t(`subscription.plans.${subscription.plan}`)} (${subscription.currentStatus})`],
    [t('billing.mail.requestedPlan'), plan],
    [t('billing.mail.requestId'), String(row.id)],
  ];
  const text = [...lines.map(([k, v]) => `${k}: ${v}`), '', `${t('billing.mail.message')}:`, input.message || '-'].join('\n');
  const html = `<table>${lines.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table><p><strong>${escapeHtml(t('billing.mail.message'))}:</strong></p><p style="white-space:pre-wrap">${escapeHtml(input.message || '-')}</p>`;
  try {
    await sendEmail(ctx.db, {
      to,
      // The operator answers the person who asked.
      replyTo: details.contactEmail,
      subject: t('billing.mail.subject', { merchant: details.merchantName.replace(/[\r\n]+/g, ' '), plan }),
      text,
      html,
    });
  } catch (error) {
    // Recorded already: the page says the team will be in touch either way; the failure is logged.
    if (!(error instanceof DeliveryError)) throw error;
    logError(newRequestId(), error);
    return { requestId: row.id, mailed: false };
  }
  await ctx.db.update(upgradeRequests).set({ mailedAt: ctx.now() }).where(and(eq(upgradeRequests.id, row.id), eq(upgradeRequests.merchantId, ctx.merchantId)));
  return { requestId: row.id, mailed: true };
}
