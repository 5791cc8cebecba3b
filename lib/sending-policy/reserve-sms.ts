import type { ServiceContext } from '@/lib/context';
import { AppError } from '@/lib/errors/app-error';
import { reserveAttempt } from '@/lib/rate-limit/rate-limit';
import { smsDestinationRefusal, type DestinationRefusal } from './destination';
import { smsAllowance, smsReplyKey, smsReplyLimit } from './sms-allowance';

/** The refusal of a destination as a field error (400), in words a merchant can act on. */
export function destinationError(refusal: DestinationRefusal, countries: readonly string[], field: string): AppError {
  const key = refusal === 'high_risk' ? 'sendingPolicy.errors.highRisk' : 'sendingPolicy.errors.country';
  return new AppError('VALIDATION', key, { values: { countries: countries.join(', ') }, fieldErrors: { [field]: key } });
}

/** Refuses a number the merchant may never text (./destination.ts), with the field error beside `field`. */
export async function assertSmsDestination(ctx: ServiceContext, phone: string, field = 'phone'): Promise<void> {
  const allowance = await smsAllowance(ctx.db, ctx.merchantId, ctx.now());
  const refusal = smsDestinationRefusal(phone, allowance.countries);
  if (refusal) throw destinationError(refusal, allowance.countries, field);
}

/**
 * Before one SMS the merchant sends by hand (an inbox reply): the destination rule, then one
 * message of the daily cap counted (429 once it is spent). Answers `release`, to take the count
 * back when the transport refused the message.
 */
export async function reserveSmsSend(ctx: ServiceContext, phone: string, field = 'phone'): Promise<() => Promise<void>> {
  const now = ctx.now();
  const allowance = await smsAllowance(ctx.db, ctx.merchantId, now);
  const refusal = smsDestinationRefusal(phone, allowance.countries);
  if (refusal) throw destinationError(refusal, allowance.countries, field);
  if (allowance.left <= 0) throw dailyCapReached(allowance.cap);
  const attempt = await reserveAttempt(ctx.db, smsReplyLimit(allowance), [smsReplyKey(ctx.merchantId)], now);
  if (attempt.wait > 0) throw dailyCapReached(allowance.cap);
  return attempt.release;
}

/** 429: the cap counts a rolling day, so the next slot frees within the hour more often than not. */
function dailyCapReached(cap: number): AppError {
  const retryAfter = 60 * 60;
  return new AppError('TOO_MANY_REQUESTS', 'sendingPolicy.errors.dailyCap', { values: { cap }, details: { retryAfter }, headers: { 'retry-after': String(retryAfter) } });
}
