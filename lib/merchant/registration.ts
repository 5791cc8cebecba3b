import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { authCodes } from '@/db/schema/auth-codes';
import { merchants } from '@/db/schema/merchants';
import { users } from '@/db/schema/users';
import { AppError } from '@/lib/errors/app-error';
import type { PublicContext } from '@/lib/context';
import { translatorFor } from '@/lib/i18n/translator';
import { sendEmail } from '@/lib/messaging/send';
import { DeliveryError } from '@/lib/messaging/types';
import { escapeHtml, productEmailHtml } from '@/lib/messaging/layout';
import { phoneOrRefuse } from '@/lib/phone/problem';
import { CODE_REQUEST_LIMIT, EMAIL_LOOKUP_LIMIT, addressKey, reserveAll, reserveAttempt, tooManyRequests } from '@/lib/rate-limit/rate-limit';
import { NO_PLAN_STATUS } from '@/lib/subscription/plans';
import { CODE_RESEND_SECONDS, CODE_TTL_SECONDS, consumeCode, issueCode } from '@/lib/auth/one-time-codes';
import { hashPassword } from '@/lib/auth/password';
import { POST_ADMIN_PERMISSION } from '@/lib/auth/permissions';
import { VERIFICATION_TOKEN_TTL_SECONDS, signVerificationToken, verifyVerificationToken } from '@/lib/auth/tokens';
import type { MerchantDetailsInput, RegisterInput } from '@/lib/auth/schema';
import { isUniqueViolation } from '@/lib/db/unique-violation';
import { completeMerchantDetails, type MerchantProfile } from './profile';

/** 488 "email has been registered" when the e-mail already signs in to an account. */
export async function assertEmailAvailable(db: Db, email: string): Promise<void> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (row) throw new AppError('EMAIL_EXISTS', 'errors.http.488', { fieldErrors: { email: 'errors.http.488' } });
}

/**
 * Counts a call that reveals whether an e-mail is registered, per client address, before the
 * lookup (429 past the limit). An unknown address shares one bucket: never unlimited.
 */
async function countEmailLookup(ctx: PublicContext): Promise<void> {
  const attempt = await reserveAttempt(ctx.db, EMAIL_LOOKUP_LIMIT, [addressKey(ctx.ip)], ctx.now());
  if (attempt.wait > 0) throw tooManyRequests(attempt.wait);
}

/** POST /user/emailValidate: is the e-mail free? Limited per address before the lookup. */
export async function checkEmailAvailable(ctx: PublicContext, email: string): Promise<{ available: true }> {
  await countEmailLookup(ctx);
  await assertEmailAvailable(ctx.db, email);
  return { available: true };
}

/** Step 1: a 6-digit code to the e-mail (10 minutes, once a minute, 20 an hour per address). */
export async function sendRegistrationCode(ctx: PublicContext, email: string): Promise<{ expiresIn: number; resendAfter: number }> {
  const now = ctx.now();
  // Both counted before the lookup: a registered e-mail's 488 is an answer an enumerator wants.
  const attempt = await reserveAll(ctx.db, [{ limit: EMAIL_LOOKUP_LIMIT, keys: [addressKey(ctx.ip)] }, { limit: CODE_REQUEST_LIMIT, keys: [addressKey(ctx.ip)] }], now);
  if (attempt.wait > 0) throw tooManyRequests(attempt.wait);
  await assertEmailAvailable(ctx.db, email);
  // A code refused by the once-a-minute rule does not count against the address.
  const { code } = await issueCode(ctx.db, { purpose: 'register', target: email, now }).catch(async (error: unknown) => {
    await attempt.release();
    throw error;
  });
  const t = translatorFor(ctx.locale);
  const minutes = CODE_TTL_SECONDS / 60;
  try {
    await sendEmail(ctx.db, {
      to: email,
      subject: t('accounts.mail.codeSubject', { code }),
      text: `${t('accounts.mail.codeIntro')}\n\n${code}\n\n${t('accounts.mail.codeExpiry', { minutes })}\n${t('accounts.mail.ignore')}`,
      html: productEmailHtml({
        title: t('accounts.mail.codeTitle'),
        body: `<p>${escapeHtml(t('accounts.mail.codeIntro'))}</p><p style="font-size:32px;font-weight:700;letter-spacing:8px;margin:16px 0">${code}</p><p>${escapeHtml(t('accounts.mail.codeExpiry', { minutes }))}</p>`,
        footer: t('accounts.mail.ignore'),
      }),
    });
  } catch (error) {
    // The code never arrived: forget it, so the once-a-minute rule does not block a retry.
    await ctx.db.delete(authCodes).where(and(eq(authCodes.purpose, 'register'), eq(authCodes.target, email)));
    if (error instanceof DeliveryError) throw new AppError('BAD_GATEWAY', 'accounts.errors.sendCodeFailed');
    throw error;
  }
  return { expiresIn: CODE_TTL_SECONDS, resendAfter: CODE_RESEND_SECONDS };
}

/** Step 2: the code, exchanged for a verification token the details step presents. */
export async function validateRegistrationCode(ctx: PublicContext, input: { email: string; code: string }): Promise<{ verificationToken: string; expiresAt: number; email: string }> {
  await countEmailLookup(ctx);
  await assertEmailAvailable(ctx.db, input.email);
  await consumeCode(ctx.db, { purpose: 'register', target: input.email, code: input.code, now: ctx.now() });
  const { token, expiresAt } = await signVerificationToken(input.email, ctx.now());
  return { verificationToken: token, expiresAt, email: input.email };
}

/**
 * Step 3: the user and the merchant, in one transaction. The owner administers the merchant's
 * posts from the start, as after a transfer of ownership. A missing or expired verification
 * token answers `details.verifyAgain`, and the client returns to the e-mail step.
 */
export async function registerAccount(ctx: PublicContext, input: RegisterInput): Promise<{ userId: number; merchantId: number; email: string }> {
  const email = await verifyVerificationToken(input.verificationToken, ctx.now());
  if (!email) {
    throw new AppError('BAD_REQUEST', 'accounts.errors.verifyAgain', { details: { verifyAgain: true }, fieldErrors: { verificationToken: 'accounts.errors.verifyAgain' } });
  }
  await assertEmailAvailable(ctx.db, email);
  // A new merchant has no locations and no country yet: the number must read one way only (lib/phone/region.ts).
  const phone = input.phone ? phoneOrRefuse(input.phone, null, ctx.locale) : null;
  const passwordHash = await hashPassword(input.password);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [merchant] = await tx
        .insert(merchants)
        .values({
          name: input.merchantName,
          address: input.address,
          serviceEmail: input.serviceEmail ?? null,
          phone,
          subscriptionStatus: NO_PLAN_STATUS,
        })
        .returning({ id: merchants.id });
      const [user] = await tx
        .insert(users)
        .values({ merchantId: merchant.id, email, name: input.userName, passwordHash, locale: ctx.locale, role: 'owner', permissions: [POST_ADMIN_PERMISSION] })
        .returning({ id: users.id });
      return { userId: user.id, merchantId: merchant.id, email };
    });
  } catch (error) {
    // Two tabs registering one e-mail at once: the unique index decides, the loser hears 488.
    if (isUniqueViolation(error)) throw new AppError('EMAIL_EXISTS', 'errors.http.488', { fieldErrors: { email: 'errors.http.488' } });
    throw error;
  }
}

/**
 * /api/merchant/register: completes or corrects the merchant details of an account registered
 * with this verification token, while the token lives (30 minutes). The token is the proof:
 * the route is public, like the rest of registration. Only the owner registered with it may
 * (403 otherwise).
 */
export async function registerMerchantDetails(ctx: PublicContext, input: MerchantDetailsInput & { verificationToken: string }): Promise<MerchantProfile> {
  const email = await verifyVerificationToken(input.verificationToken, ctx.now());
  if (!email) throw new AppError('BAD_REQUEST', 'accounts.errors.verifyAgain', { details: { verifyAgain: true }, fieldErrors: { verificationToken: 'accounts.errors.verifyAgain' } });
  const [user] = await ctx.db.select({ merchantId: users.merchantId, role: users.role, createdAt: users.createdAt }).from(users).where(eq(users.email, email)).limit(1);
  if (!user) throw new AppError('BAD_REQUEST', 'accounts.errors.registerUserFirst');
  // The token proves the e-mail, not a role: it must be the owner who registered with it (within
  // the token's life), not a staff member who joined by invitation with a token got beforehand,
  // nor an owner who has handed the merchant on since.
  const registeredWithToken = user.createdAt.getTime() >= ctx.now().getTime() - VERIFICATION_TOKEN_TTL_SECONDS * 1000;
  if (user.role !== 'owner' || !registeredWithToken) throw new AppError('FORBIDDEN', 'team.errors.ownerOnly');
  const { verificationToken: _token, ...details } = input;
  void _token;
  return completeMerchantDetails({ db: ctx.db, merchantId: user.merchantId, now: ctx.now, locale: ctx.locale }, details);
}
