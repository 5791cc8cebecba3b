import crypto from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { authCodes, type AuthCodePurpose } from '@/db/schema/auth-codes';
import { AppError } from '@/lib/errors/app-error';
import { sha256 } from './tokens';

export const CODE_TTL_SECONDS = 10 * 60;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_RESEND_SECONDS = 60;
/** The advisory lock space of issuing a target's codes (two-key locks: the second key is a hash of purpose, merchant and target). */
const CODE_LOCK_SPACE = 740_213;

export function newSixDigitCode(): string {
  return String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
}

interface IssueOptions {
  purpose: AuthCodePurpose;
  target: string;
  merchantId?: number | null;
  now: Date;
  ttlSeconds?: number;
  /** The secret to store (hashed); a 6-digit code when omitted. */
  secret?: string;
}

/**
 * Issues a code for a target, at most once a minute (429 with the wait otherwise). Older
 * unspent codes of the same target stop working: only the newest e-mail's code counts. Decided
 * under a transaction lock on the target: of requests made at once exactly one passes (checked
 * without it, two codes were mailed and the first was dead on arrival).
 */
export async function issueCode(db: Db, options: IssueOptions): Promise<{ code: string; expiresAt: Date }> {
  const { purpose, target, now } = options;
  const code = options.secret ?? newSixDigitCode();
  const expiresAt = new Date(now.getTime() + (options.ttlSeconds ?? CODE_TTL_SECONDS) * 1000);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CODE_LOCK_SPACE}::int, hashtext(${`${purpose}:${options.merchantId ?? 0}:${target}`}))`);
    const [last] = await tx
      .select({ createdAt: authCodes.createdAt })
      .from(authCodes)
      .where(and(eq(authCodes.purpose, purpose), eq(authCodes.target, target), merchantFilter(options.merchantId)))
      .orderBy(desc(authCodes.createdAt))
      .limit(1);
    const wait = last ? Math.ceil((last.createdAt.getTime() + CODE_RESEND_SECONDS * 1000 - now.getTime()) / 1000) : 0;
    if (wait > 0) {
      throw new AppError('TOO_MANY_REQUESTS', 'accounts.errors.resendTooSoon', { values: { seconds: wait }, details: { retryAfter: wait }, headers: { 'retry-after': String(wait) } });
    }
    await spendPendingCodes(tx, { purpose, target, merchantId: options.merchantId, now });
    await tx.insert(authCodes).values({ purpose, target, merchantId: options.merchantId ?? null, codeHash: options.secret ? linkTokenHash(code) : hashCode(purpose, target, code), expiresAt, createdAt: now });
  });
  return { code, expiresAt };
}

/** Every unspent code or link of a target stops working (a newer one, or the password changed). */
export async function spendPendingCodes(db: Db, options: { purpose: AuthCodePurpose; target: string; merchantId?: number | null; now: Date }): Promise<void> {
  await db
    .update(authCodes)
    .set({ consumedAt: options.now })
    .where(and(eq(authCodes.purpose, options.purpose), eq(authCodes.target, options.target), merchantFilter(options.merchantId), isNull(authCodes.consumedAt)));
}

/**
 * Spends the newest code of a target. A wrong code counts an attempt; the fifth wrong one burns
 * the code, so a new one must be requested. Expired, burnt and missing codes answer distinct
 * messages so the user knows what to do next.
 */
export async function consumeCode(db: Db, options: { purpose: AuthCodePurpose; target: string; merchantId?: number | null; code: string; now: Date }): Promise<void> {
  const { purpose, target, now } = options;
  const failure = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(authCodes)
      .where(and(eq(authCodes.purpose, purpose), eq(authCodes.target, target), merchantFilter(options.merchantId), isNull(authCodes.consumedAt)))
      .orderBy(desc(authCodes.createdAt))
      .limit(1)
      .for('update');
    if (!row) {
      // Say why when the newest code was burnt by wrong tries: the user must request another.
      const [latest] = await tx
        .select({ attempts: authCodes.attempts })
        .from(authCodes)
        .where(and(eq(authCodes.purpose, purpose), eq(authCodes.target, target), merchantFilter(options.merchantId)))
        .orderBy(desc(authCodes.createdAt))
        .limit(1);
      const key = latest && latest.attempts >= CODE_MAX_ATTEMPTS ? 'accounts.errors.codeTooManyAttempts' : 'accounts.errors.codeMissing';
      return new AppError('BAD_REQUEST', key, { fieldErrors: { code: key } });
    }
    if (row.expiresAt.getTime() <= now.getTime()) {
      return new AppError('BAD_REQUEST', 'accounts.errors.codeExpired', { fieldErrors: { code: 'accounts.errors.codeExpired' } });
    }
    if (row.attempts >= CODE_MAX_ATTEMPTS) {
      return new AppError('BAD_REQUEST', 'accounts.errors.codeTooManyAttempts', { fieldErrors: { code: 'accounts.errors.codeTooManyAttempts' } });
    }
    if (!safeEqual(row.codeHash, hashCode(purpose, target, options.code))) {
      const attempts = row.attempts + 1;
      const left = CODE_MAX_ATTEMPTS - attempts;
      // The fifth wrong try burns the code at once.
      await tx.update(authCodes).set({ attempts, ...(left <= 0 ? { consumedAt: now } : {}) }).where(eq(authCodes.id, row.id));
      if (left <= 0) return new AppError('BAD_REQUEST', 'accounts.errors.codeTooManyAttempts', { fieldErrors: { code: 'accounts.errors.codeTooManyAttempts' }, details: { attemptsLeft: 0 } });
      return new AppError('BAD_REQUEST', 'accounts.errors.codeWrong', { values: { left }, fieldErrors: { code: 'accounts.errors.codeWrong' }, details: { attemptsLeft: left } });
    }
    await tx.update(authCodes).set({ consumedAt: now }).where(eq(authCodes.id, row.id));
    return null;
  });
  // Thrown after the transaction so a wrong attempt's count is committed, not rolled back.
  if (failure) throw failure;
}

/** What consumeLinkToken would answer, without spending the token (a page showing the link's state). */
export async function linkTokenState(db: Db, purpose: AuthCodePurpose, token: string, now: Date): Promise<'valid' | 'expired' | 'invalid'> {
  const [row] = await db.select({ consumedAt: authCodes.consumedAt, expiresAt: authCodes.expiresAt }).from(authCodes).where(and(eq(authCodes.purpose, purpose), eq(authCodes.codeHash, linkTokenHash(token)))).limit(1);
  if (!row || row.consumedAt) return 'invalid';
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'valid';
}

/**
 * Link tokens (password reset, service e-mail): found by hash alone, spent once. Spent by one
 * conditional update, so two uses at the same moment cannot both pass (found from outside: two
 * simultaneous resets with one link both set a password).
 */
export async function consumeLinkToken(db: Db, purpose: AuthCodePurpose, token: string, now: Date): Promise<{ target: string; merchantId: number | null } | 'expired' | 'invalid'> {
  const [row] = await db.select().from(authCodes).where(and(eq(authCodes.purpose, purpose), eq(authCodes.codeHash, linkTokenHash(token)))).limit(1);
  if (!row || row.consumedAt) return 'invalid';
  if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
  const [spent] = await db
    .update(authCodes)
    .set({ consumedAt: now })
    .where(and(eq(authCodes.id, row.id), isNull(authCodes.consumedAt)))
    .returning({ id: authCodes.id });
  if (!spent) return 'invalid';
  return { target: row.target, merchantId: row.merchantId };
}

export function linkTokenHash(token: string): string {
  return sha256(`link:${token}`);
}

function hashCode(purpose: string, target: string, code: string): string {
  // Bound to purpose and target: a hash leaked from one row proves nothing elsewhere. Six digits
  // are brute-forceable offline anyway; the attempt limit is what protects them.
  return sha256(`${purpose}:${target}:${code}`);
}

function merchantFilter(merchantId: number | null | undefined) {
  return merchantId ? eq(authCodes.merchantId, merchantId) : isNull(authCodes.merchantId);
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}
