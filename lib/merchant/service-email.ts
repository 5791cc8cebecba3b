import crypto from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { authCodes } from '@/db/schema/auth-codes';
import { appUrl } from '@/lib/app-url';
import { merchants } from '@/db/schema/merchants';
import { AppError } from '@/lib/errors/app-error';
import type { ServiceContext } from '@/lib/context';
import { translatorFor } from '@/lib/i18n/translator';
import { consumeLinkToken, issueCode, linkTokenHash } from '@/lib/auth/one-time-codes';
import { sendEmail } from '@/lib/messaging/send';
import { DeliveryError } from '@/lib/messaging/types';
import { escapeHtml, mailButton, productEmailHtml } from '@/lib/messaging/layout';
import { requireOwner } from '@/lib/team/require-owner';
import { reserveSystemMail } from '@/lib/rate-limit/system-mail';
import { getProfile, requireServiceEmail, type MerchantProfile } from './profile';

/** A verification link stays valid for a day; a Pending request older than that counts as Failed. */
export const SERVICE_EMAIL_LINK_TTL_SECONDS = 24 * 60 * 60;

/** Sets (or changes) the service e-mail; a new address has not been verified. */
export async function setServiceEmail(ctx: ServiceContext, input: { serviceEmail: string }): Promise<MerchantProfile> {
  await requireOwner(ctx);
  const current = await getProfile(ctx);
  if (current.serviceEmail !== input.serviceEmail) {
    await ctx.db
      .update(merchants)
      .set({ serviceEmail: input.serviceEmail, emailVerificationStatus: 'NotStarted', lastVerificationTime: null, updatedAt: ctx.now() })
      .where(eq(merchants.id, ctx.merchantId));
  }
  return getProfile(ctx);
}

/**
 * Sends a verification link to the service e-mail. Refused while a request is Pending (spec
 * section 4), and when no service e-mail is set (spec section 5). A transport failure records
 * TemporaryFailure (may pass on a retry) or Failed (the address was refused).
 */
export async function sendServiceEmailVerification(ctx: ServiceContext, baseUrl = appUrl()): Promise<MerchantProfile> {
  await requireOwner(ctx);
  const profile = await refreshServiceEmailStatus(ctx);
  const email = requireServiceEmail(profile);
  const now = ctx.now();
  const token = crypto.randomBytes(32).toString('base64url');
  await claimPending(ctx, email, token, now);
  // Counted per merchant and per address over hours (after the Pending claim, which refuses
  // requests made at once): rotating through addresses, one mail each, could otherwise mail
  // anyone as often as the Pending rule allows.
  let releaseMail: () => Promise<void>;
  try {
    releaseMail = await reserveSystemMail(ctx, email);
  } catch (error) {
    await releasePending(ctx, token, now, { emailVerificationStatus: profile.emailVerificationStatus, lastVerificationTime: profile.lastVerificationTime ? new Date(profile.lastVerificationTime) : null });
    throw error;
  }
  const link = `${baseUrl}/portal/verify-email?token=${encodeURIComponent(token)}`;
  const t = translatorFor(ctx.locale);
  try {
    await sendEmail(ctx.db, {
      merchantId: ctx.merchantId,
      to: email,
      subject: t('accounts.mail.verifySubject'),
      text: `${t('accounts.mail.verifyIntro', { merchant: profile.name })}\n\n${link}\n\n${t('accounts.mail.verifyExpiry')}`,
      html: productEmailHtml({
        title: t('accounts.mail.verifyTitle'),
        body: `<p>${escapeHtml(t('accounts.mail.verifyIntro', { merchant: profile.name }))}</p>${mailButton(link, t('accounts.mail.verifyButton'))}<p>${escapeHtml(t('accounts.mail.verifyExpiry'))}</p>`,
        footer: t('accounts.mail.ignore'),
      }),
    });
  } catch (error) {
    if (!(error instanceof DeliveryError)) {
      await releasePending(ctx, token, now, { emailVerificationStatus: profile.emailVerificationStatus, lastVerificationTime: profile.lastVerificationTime ? new Date(profile.lastVerificationTime) : null });
      await releaseMail();
      throw error;
    }
    if (!error.uncertain) await releaseMail();
    await releasePending(ctx, token, now, { emailVerificationStatus: error.temporary ? 'TemporaryFailure' : 'Failed', lastVerificationTime: now });
    throw new AppError('BAD_GATEWAY', 'accounts.errors.sendVerificationFailed');
  }
  return getProfile(ctx);
}

/**
 * Marks the request Pending, with its link, before the mail leaves: one conditional update, so of
 * requests made at once exactly one passes and the rest are refused as Pending (checked first
 * and marked after the mail, all of them passed and each sent a mail).
 */
async function claimPending(ctx: ServiceContext, email: string, token: string, now: Date): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(merchants)
      .set({ emailVerificationStatus: 'Pending', lastVerificationTime: now, updatedAt: now })
      .where(and(eq(merchants.id, ctx.merchantId), ne(merchants.emailVerificationStatus, 'Pending')))
      .returning({ id: merchants.id });
    if (!claimed) throw new AppError('CONFLICT', 'accounts.errors.verificationPending');
    await issueCode(tx, { purpose: 'serviceEmail', target: email, merchantId: ctx.merchantId, now, secret: token, ttlSeconds: SERVICE_EMAIL_LINK_TTL_SECONDS });
  });
}

/**
 * A link that was not sent: forgotten, and the Pending it claimed becomes `status` (the failure, or
 * what it was before an unexpected error), unless the address has moved on since (a new e-mail).
 */
async function releasePending(ctx: ServiceContext, token: string, claimedAt: Date, status: Pick<typeof merchants.$inferSelect, 'emailVerificationStatus' | 'lastVerificationTime'>): Promise<void> {
  await ctx.db.delete(authCodes).where(eq(authCodes.codeHash, linkTokenHash(token)));
  await ctx.db
    .update(merchants)
    .set({ ...status, updatedAt: claimedAt })
    .where(and(eq(merchants.id, ctx.merchantId), eq(merchants.emailVerificationStatus, 'Pending'), eq(merchants.lastVerificationTime, claimedAt)));
}

/** The refresh action: re-reads the status; a Pending request whose link expired becomes Failed. */
export async function refreshServiceEmailStatus(ctx: Pick<ServiceContext, 'db' | 'merchantId' | 'now'>): Promise<MerchantProfile> {
  const profile = await getProfile(ctx);
  const sentAt = profile.lastVerificationTime ? new Date(profile.lastVerificationTime).getTime() : 0;
  if (profile.emailVerificationStatus === 'Pending' && sentAt + SERVICE_EMAIL_LINK_TTL_SECONDS * 1000 <= ctx.now().getTime()) {
    await ctx.db.update(merchants).set({ emailVerificationStatus: 'Failed', updatedAt: ctx.now() }).where(eq(merchants.id, ctx.merchantId));
    return getProfile(ctx);
  }
  return profile;
}

/** The public link: marks the address Success if it is still the merchant's service e-mail. */
export async function confirmServiceEmail(db: Db, token: string, now: Date): Promise<{ ok: true; email: string } | { ok: false; reason: 'expired' | 'invalid' }> {
  const result = await consumeLinkToken(db, 'serviceEmail', token, now);
  if (result === 'expired' || result === 'invalid') return { ok: false, reason: result };
  if (!result.merchantId) return { ok: false, reason: 'invalid' };
  const updated = await db
    .update(merchants)
    .set({ emailVerificationStatus: 'Success', lastVerificationTime: now, updatedAt: now })
    .where(and(eq(merchants.id, result.merchantId), eq(merchants.serviceEmail, result.target)))
    .returning({ id: merchants.id });
  return updated.length ? { ok: true, email: result.target } : { ok: false, reason: 'invalid' };
}
