import { and, eq } from 'drizzle-orm';
import { authCodes } from '@/db/schema/auth-codes';
import { merchants } from '@/db/schema/merchants';
import { AppError } from '@/lib/errors/app-error';
import type { ServiceContext } from '@/lib/context';
import { translatorFor } from '@/lib/i18n/translator';
import { consumeCode, issueCode, CODE_RESEND_SECONDS, CODE_TTL_SECONDS } from '@/lib/auth/one-time-codes';
import { sendSms } from '@/lib/messaging/send';
import { DeliveryError } from '@/lib/messaging/types';
import { getProfile, type MerchantProfile } from './profile';
import { merchantPhone } from './merchant-phone';
import { reservePhoneCode } from './phone-code-limits';
import { requireOwner } from '@/lib/team/require-owner';

/**
 * A 6-digit code by SMS to the phone being verified (10 minutes, once a minute, 5 tries), only to
 * allowed countries and within the merchant's and the address's caps (phone-code-limits.ts).
 */
export async function sendPhoneCode(ctx: ServiceContext, input: { phone: string }, ip?: string): Promise<{ phone: string; expiresIn: number; resendAfter: number }> {
  await requireOwner(ctx);
  const phone = await merchantPhone(ctx, input.phone);
  const release = await reservePhoneCode(ctx, phone, ip);
  // A code refused by the once-a-minute rule sent nothing: it does not count against the caps.
  const { code } = await issueCode(ctx.db, { purpose: 'phone', target: phone, merchantId: ctx.merchantId, now: ctx.now() }).catch(async (error: unknown) => {
    await release();
    throw error;
  });
  const t = translatorFor(ctx.locale);
  try {
    await sendSms(ctx.db, { merchantId: ctx.merchantId, to: phone, body: t('accounts.sms.phoneCode', { code, minutes: CODE_TTL_SECONDS / 60 }) });
  } catch (error) {
    await ctx.db.delete(authCodes).where(and(eq(authCodes.purpose, 'phone'), eq(authCodes.target, phone), eq(authCodes.merchantId, ctx.merchantId)));
    await release();
    if (error instanceof DeliveryError) throw new AppError('BAD_GATEWAY', 'accounts.errors.sendCodeFailed');
    throw error;
  }
  return { phone, expiresIn: CODE_TTL_SECONDS, resendAfter: CODE_RESEND_SECONDS };
}

/** The code proves the phone: it becomes the merchant's phone, verified. */
export async function verifyPhone(ctx: ServiceContext, input: { phone: string; code: string }): Promise<MerchantProfile> {
  await requireOwner(ctx);
  const phone = await merchantPhone(ctx, input.phone);
  await consumeCode(ctx.db, { purpose: 'phone', target: phone, merchantId: ctx.merchantId, code: input.code, now: ctx.now() });
  await ctx.db.update(merchants).set({ phone, phoneVerified: true, updatedAt: ctx.now() }).where(eq(merchants.id, ctx.merchantId));
  return getProfile(ctx);
}
