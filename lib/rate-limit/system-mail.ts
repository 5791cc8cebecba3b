import type { ServiceContext } from '@/lib/context';
import { EMAIL_LOOKUP_LIMIT, reserveAll, reserveAttempt, tooManyRequests, type Limit } from './rate-limit';

/**
 * Mail we send on a merchant's behalf to an address it types (team invitations, service-e-mail
 * verifications), counted per merchant and per recipient over hours, in rate-limit hits that no
 * row's deletion takes back: revoking and re-inviting an address restarted the old once-a-minute
 * rule and sent 8 mails in 3 s. A team is invited a few people at a time; a victim's inbox gets
 * at most 3 such mails an hour and 5 a day from every merchant together.
 */
export const SYSTEM_MAIL_MERCHANT_HOURLY: Limit = { bucket: 'systemMailMerchantHour', max: 10, windowSeconds: 60 * 60 };
export const SYSTEM_MAIL_MERCHANT_DAILY: Limit = { bucket: 'systemMailMerchantDay', max: 30, windowSeconds: 24 * 60 * 60 };
export const SYSTEM_MAIL_RECIPIENT_HOURLY: Limit = { bucket: 'systemMailRecipientHour', max: 3, windowSeconds: 60 * 60 };
export const SYSTEM_MAIL_RECIPIENT_DAILY: Limit = { bucket: 'systemMailRecipientDay', max: 5, windowSeconds: 24 * 60 * 60 };

/**
 * Counts one mail we are about to send for the merchant to `to` (./limits.ts): 429 with the wait
 * once the merchant's or the recipient's hourly or daily count is spent. Answers `release`, to
 * take the count back when no mail left (the transport refused it).
 */
export async function reserveSystemMail(ctx: Pick<ServiceContext, 'db' | 'merchantId' | 'now'>, to: string): Promise<() => Promise<void>> {
  const merchant = [`merchant:${ctx.merchantId}`];
  const recipient = [`email:${to.trim().toLowerCase()}`];
  const attempt = await reserveAll(
    ctx.db,
    [
      { limit: SYSTEM_MAIL_RECIPIENT_HOURLY, keys: recipient },
      { limit: SYSTEM_MAIL_RECIPIENT_DAILY, keys: recipient },
      { limit: SYSTEM_MAIL_MERCHANT_HOURLY, keys: merchant },
      { limit: SYSTEM_MAIL_MERCHANT_DAILY, keys: merchant },
    ],
    ctx.now(),
  );
  if (attempt.wait > 0) throw tooManyRequests(attempt.wait, 'sendingPolicy.errors.mailLimited');
  return attempt.release;
}

/**
 * Counts a signed-in answer that tells whether an address has a StarLoop account (an invitation
 * answers 488 for one): the public emailValidate's limit, per merchant and per looked-up address,
 * before the lookup, so 40 lookups in 6 s cannot map who has an account.
 */
export async function countAccountLookup(ctx: Pick<ServiceContext, 'db' | 'merchantId' | 'now'>, email: string): Promise<void> {
  const attempt = await reserveAttempt(ctx.db, EMAIL_LOOKUP_LIMIT, [`merchant:${ctx.merchantId}`, `email:${email.trim().toLowerCase()}`], ctx.now());
  if (attempt.wait > 0) throw tooManyRequests(attempt.wait);
}
