import { and, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { rateLimitHits } from '@/db/schema/auth-codes';
import { AppError } from '@/lib/errors/app-error';
import { sweepRateLimitHitsOccasionally } from './sweep';

export interface Limit {
  /** Names the counter (login, sendEmailCode, ...). */
  bucket: string;
  max: number;
  windowSeconds: number;
}

/** Spec-less but standard: 5 failed sign-ins in 15 minutes per account or per address. */
export const LOGIN_LIMIT: Limit = { bucket: 'login', max: 5, windowSeconds: 15 * 60 };
/** Code e-mails and SMS per requesting address, on top of the once-a-minute rule per target. */
export const CODE_REQUEST_LIMIT: Limit = { bucket: 'code', max: 20, windowSeconds: 60 * 60 };
/** Password reset requests: 5 an hour per account (known or not) from one address, and per requesting address. */
export const PASSWORD_RESET_LIMIT: Limit = { bucket: 'password-reset', max: 5, windowSeconds: 60 * 60 };
/** Password reset requests for one account from every address together (the mails are once a minute at most anyway). */
export const ACCOUNT_RESET_LIMIT: Limit = { bucket: 'password-reset-account', max: 20, windowSeconds: 60 * 60 };
/**
 * Calls that answer whether an e-mail is registered (emailValidate, sendEmailCode,
 * validateEmailCode), per address, counted before the lookup: a registration needs a handful.
 */
export const EMAIL_LOOKUP_LIMIT: Limit = { bucket: 'emailLookup', max: 30, windowSeconds: 60 * 60 };
/** Phone verification SMS (each one costs money; SMS pumping): per merchant per hour and per day, per address per day. */
export const PHONE_CODE_MERCHANT_HOURLY: Limit = { bucket: 'phoneCodeHour', max: 5, windowSeconds: 60 * 60 };
export const PHONE_CODE_MERCHANT_DAILY: Limit = { bucket: 'phoneCodeDay', max: 10, windowSeconds: 24 * 60 * 60 };
export const PHONE_CODE_ADDRESS_DAILY: Limit = { bucket: 'phoneCodeAddress', max: 20, windowSeconds: 24 * 60 * 60 };

/**
 * The rate-limit key of a client address. An unknown address (no proxy header where one is
 * configured, `next dev`) shares one deliberate bucket instead of escaping the limit.
 */
export function addressKey(ip: string | null | undefined): string {
  return `ip:${ip || 'unknown'}`;
}

/**
 * Seconds until one more attempt is allowed for any of `keys`, or 0 when all are under the
 * limit. A sliding window: the oldest hit inside the window decides when a slot frees up.
 */
export async function retryAfterSeconds(db: Db, limit: Limit, keys: string[], now: Date): Promise<number> {
  const since = new Date(now.getTime() - limit.windowSeconds * 1000);
  let wait = 0;
  for (const key of keys) {
    const filters = [eq(rateLimitHits.bucket, limit.bucket), eq(rateLimitHits.key, key), gt(rateLimitHits.createdAt, since)];
    // One statement: a hit deleted between a count and a second read must not leave nothing to read.
    const hits = await db
      .select({ at: rateLimitHits.createdAt })
      .from(rateLimitHits)
      .where(and(...filters))
      .orderBy(desc(rateLimitHits.createdAt))
      .limit(limit.max);
    if (hits.length < limit.max) continue;
    // The hit that must leave the window before the count drops below the limit.
    const seconds = Math.ceil((hits[limit.max - 1].at.getTime() + limit.windowSeconds * 1000 - now.getTime()) / 1000);
    wait = Math.max(wait, seconds, 1);
  }
  return wait;
}

/**
 * Counts an attempt before it is made, so that concurrent attempts see each other (checking
 * first and counting after a slow password check let parallel guesses through). Counted and
 * added under a transaction lock on each key: of attempts made at once, up to the limit pass and
 * the wait told the rest comes from hits that stay (counted without it, concurrent attempts
 * refused each other and took their hits back: all refused, with a wait that was not true).
 * Refused: nothing is counted and `wait` says how long. Allowed: `release()` takes the hits back
 * when the attempt should not count (a success); a failed attempt keeps them.
 */
export async function reserveAttempt(db: Db, limit: Limit, keys: string[], now: Date): Promise<{ wait: number; release: () => Promise<void> }> {
  if (!keys.length) return { wait: 0, release: async () => {} };
  await sweepRateLimitHitsOccasionally(db, now);
  return db.transaction(async (tx) => {
    // In one order everywhere: two attempts sharing keys never hold one each.
    for (const key of [...new Set(keys)].sort()) await lockKey(tx, limit, key);
    const wait = await retryAfterSeconds(tx, limit, keys, now);
    if (wait > 0) return { wait, release: async () => {} };
    const inserted = await tx
      .insert(rateLimitHits)
      .values(keys.map((key) => ({ bucket: limit.bucket, key, createdAt: now })))
      .returning({ id: rateLimitHits.id });
    const expired = new Date(now.getTime() - limit.windowSeconds * 1000);
    await tx.delete(rateLimitHits).where(and(eq(rateLimitHits.bucket, limit.bucket), inArray(rateLimitHits.key, keys), lte(rateLimitHits.createdAt, expired)));
    const ids = inserted.map((r) => r.id);
    return { wait: 0, release: async () => void (await db.delete(rateLimitHits).where(inArray(rateLimitHits.id, ids))) };
  });
}

/**
 * reserveAttempt for several limits at once: all are counted, or none (a refusal by one takes
 * back the others' hits). `wait` is the longest refusal's; `limit` says which limit refused.
 */
export async function reserveAll(db: Db, checks: { limit: Limit; keys: string[] }[], now: Date): Promise<{ wait: number; limit?: Limit; release: () => Promise<void> }> {
  const taken: (() => Promise<void>)[] = [];
  const releaseAll = async () => {
    for (const release of taken) await release();
  };
  for (const check of checks) {
    const attempt = await reserveAttempt(db, check.limit, check.keys, now);
    if (attempt.wait > 0) {
      await releaseAll();
      return { wait: attempt.wait, limit: check.limit, release: async () => {} };
    }
    taken.push(attempt.release);
  }
  return { wait: 0, release: releaseAll };
}

/**
 * One attempt per key in the window, decided under a transaction lock on the key: of attempts
 * made at once exactly one passes. `release()` takes the attempt back when it did not happen (the
 * transport refused the message).
 */
export async function reserveOnce(db: Db, limit: Limit, key: string, now: Date): Promise<{ wait: number; release: () => Promise<void> }> {
  await sweepRateLimitHitsOccasionally(db, now);
  return db.transaction(async (tx) => {
    await lockKey(tx, limit, key);
    const wait = await retryAfterSeconds(tx, limit, [key], now);
    if (wait > 0) return { wait, release: async () => {} };
    const [hit] = await tx.insert(rateLimitHits).values({ bucket: limit.bucket, key, createdAt: now }).returning({ id: rateLimitHits.id });
    return { wait: 0, release: async () => void (await db.delete(rateLimitHits).where(eq(rateLimitHits.id, hit.id))) };
  });
}

/** A success clears the account's counter (never the address's: one good account must not unlock an address). */
export async function clearHits(db: Db, limit: Limit, key: string): Promise<void> {
  await db.delete(rateLimitHits).where(and(eq(rateLimitHits.bucket, limit.bucket), eq(rateLimitHits.key, key)));
}

/** 429 with the wait in the Retry-After header and in data.retryAfter. */
export function tooManyRequests(seconds: number, messageKey = 'errors.http.429'): AppError {
  return new AppError('TOO_MANY_REQUESTS', messageKey, { values: { seconds }, details: { retryAfter: seconds }, headers: { 'retry-after': String(seconds) } });
}

/** Holds a limit's key for the rest of the transaction: what counts its hits and adds one waits here. */
async function lockKey(tx: Db, limit: Limit, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${limit.bucket}:${key}`}))`);
}
