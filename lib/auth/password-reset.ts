import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { authCodes } from '@/db/schema/auth-codes';
import { users } from '@/db/schema/users';
import { AppError } from '@/lib/errors/app-error';
import { appUrl } from '@/lib/app-url';
import type { PublicContext } from '@/lib/context';
import { translatorFor } from '@/lib/i18n/translator';
import { escapeHtml, mailButton, productEmailHtml } from '@/lib/messaging/layout';
import { sendEmail } from '@/lib/messaging/send';
import { ACCOUNT_RESET_LIMIT, PASSWORD_RESET_LIMIT, reserveAll, tooManyRequests } from '@/lib/rate-limit/rate-limit';
import { clearAccountFailures } from '@/lib/rate-limit/password-attempts';
import { consumeLinkToken, issueCode, linkTokenHash, linkTokenState } from './one-time-codes';
import { hashPassword } from './password';
import type { ForgotPasswordInput, ResetPasswordInput } from './password-schema';
import { endUserSessions } from './sessions';
import { loggableMessage } from '@/lib/observability/logger';

/** How long a reset link works. */
export const RESET_LINK_TTL_SECONDS = 30 * 60;

/**
 * Forgot password. Limited per account from one address and per address (5 an hour each), and
 * per account from every address (20 an hour), counted before the lookup, known and unknown
 * e-mails alike (found from outside: five requests from a stranger's address spent the account's
 * hour, and the owner's own request was refused); then the same answer whether or not the e-mail signs
 * in anywhere. The link is sent after the answer (`delivery`), so a known address does not take
 * longer to answer than an unknown one. A second request within a minute sends nothing new.
 */
export async function requestPasswordReset(ctx: PublicContext, input: ForgotPasswordInput, baseUrl = appUrl()): Promise<{ delivery: Promise<void> }> {
  const now = ctx.now();
  const attempt = await reserveAll(
    ctx.db,
    [
      { limit: PASSWORD_RESET_LIMIT, keys: [`acct:${input.email}@ip:${ctx.ip ?? 'unknown'}`, ...(ctx.ip ? [`ip:${ctx.ip}`] : [])] },
      { limit: ACCOUNT_RESET_LIMIT, keys: [`acct:${input.email}`] },
    ],
    now,
  );
  if (attempt.wait > 0) throw tooManyRequests(attempt.wait);
  const [user] = await ctx.db.select({ id: users.id, locale: users.locale }).from(users).where(eq(users.email, input.email)).limit(1);
  if (!user) return { delivery: Promise.resolve() };
  const delivery = sendResetLink(ctx, input.email, now, baseUrl).catch((error: unknown) => {
    // Nobody waits for it: a refused or throttled mail is logged, never told to the requester.
    if (!(error instanceof AppError && error.code === 'TOO_MANY_REQUESTS')) console.error(`[starloop] password reset mail failed: ${loggableMessage(error)}`);
  });
  return { delivery };
}

async function sendResetLink(ctx: PublicContext, email: string, now: Date, baseUrl: string): Promise<void> {
  const token = crypto.randomBytes(32).toString('base64url');
  await issueCode(ctx.db, { purpose: 'passwordReset', target: email, now, secret: token, ttlSeconds: RESET_LINK_TTL_SECONDS });
  const link = `${baseUrl}/login/reset?token=${encodeURIComponent(token)}`;
  const t = translatorFor(ctx.locale);
  const minutes = RESET_LINK_TTL_SECONDS / 60;
  try {
    await sendEmail(ctx.db, {
      to: email,
      subject: t('accounts.mail.resetSubject'),
      text: `${t('accounts.mail.resetIntro')}\n\n${link}\n\n${t('accounts.mail.resetExpiry', { minutes })}\n${t('accounts.mail.resetIgnore')}`,
      html: productEmailHtml({
        title: t('accounts.mail.resetTitle'),
        body: `<p>${escapeHtml(t('accounts.mail.resetIntro'))}</p>${mailButton(link, t('accounts.mail.resetButton'))}<p>${escapeHtml(t('accounts.mail.resetExpiry', { minutes }))}</p>`,
        footer: t('accounts.mail.resetIgnore'),
      }),
    });
  } catch (error) {
    // Never arrived: forget the link so the once-a-minute rule does not block another request.
    await ctx.db.delete(authCodes).where(and(eq(authCodes.purpose, 'passwordReset'), eq(authCodes.codeHash, linkTokenHash(token))));
    throw error;
  }
}

/**
 * Why a reset link cannot be used, as resetPassword would refuse it (message key), or null while
 * it can: the page says so at once instead of after the new password is typed twice.
 */
export async function resetLinkProblem(ctx: Pick<PublicContext, 'db' | 'now'>, token: string): Promise<string | null> {
  if (!token) return 'accounts.password.resetNoToken';
  const state = await linkTokenState(ctx.db, 'passwordReset', token, ctx.now());
  return state === 'valid' ? null : state === 'expired' ? 'accounts.errors.resetLinkExpired' : 'accounts.errors.resetLinkInvalid';
}

/**
 * Sets a new password with a reset link's token (spent once). Every session of the user ends:
 * all refresh token families are revoked and every access token issued before stops working.
 */
export async function resetPassword(ctx: PublicContext, input: ResetPasswordInput): Promise<void> {
  const now = ctx.now();
  const spent = await consumeLinkToken(ctx.db, 'passwordReset', input.token, now);
  if (spent === 'expired') throw new AppError('BAD_REQUEST', 'accounts.errors.resetLinkExpired', { fieldErrors: { token: 'accounts.errors.resetLinkExpired' } });
  const [user] = spent === 'invalid' ? [] : await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, spent.target)).limit(1);
  if (spent === 'invalid' || !user) throw new AppError('BAD_REQUEST', 'accounts.errors.resetLinkInvalid', { fieldErrors: { token: 'accounts.errors.resetLinkInvalid' } });
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, passwordChangedAt: now, updatedAt: now }).where(eq(users.id, user.id));
    await endUserSessions(tx, user.id, now);
  });
  // Whoever could read the mailbox is the owner again: earlier failed sign-ins stop counting.
  await clearAccountFailures(ctx.db, spent.target);
}
