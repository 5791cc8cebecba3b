import crypto from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { perDatabase } from '@/lib/db/prepared';
import { users, refreshTokens } from '@/db/schema/users';
import { merchants } from '@/db/schema/merchants';
import { AppError } from '@/lib/api/app-error';
import type { PublicContext } from '@/lib/context';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from './password';
import { REFRESH_TOKEN_TTL_SECONDS, newOpaqueToken, sha256, signAccessToken } from './tokens';
import type { LoginInput } from './schema';
import { LOGIN_LIMIT, clearHits, reserveAttempt, tooManyRequests } from '@/lib/rate-limit/rate-limit';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  /** Access token expiry, epoch seconds. */
  expiresAt: number;
}

/** The signed-in user state of spec section 3. */
export interface SignedInUser {
  userId: number;
  merchantId: number;
  userName: string;
  email: string;
  avatar: string | null;
  permissions: string[];
  menus: string[];
  merchantName: string;
}

/** Seconds after a refresh token is spent during which presenting it again is a race, not a replay. */
export const REFRESH_REUSE_GRACE_SECONDS = 30;

/**
 * The grace in force: 30 s, or REFRESH_REUSE_GRACE_SECONDS. Only the e2e server widens it, because
 * every e2e test starts from one saved demo session and so presents its refresh token again.
 */
function reuseGraceSeconds(): number {
  const configured = Number(process.env.REFRESH_REUSE_GRACE_SECONDS);
  return Number.isFinite(configured) && configured >= 0 ? configured : REFRESH_REUSE_GRACE_SECONDS;
}

export const MAIN_MENUS = ['dashboard', 'reviews', 'sources', 'campaigns', 'inbox', 'contacts', 'locations', 'posts'];

/**
 * Password sign-in. After 5 failures in 15 minutes for the account or for the address, further
 * attempts answer 429 with the wait (counted in the database, shared by every instance, and by
 * both the API and the browser's form).
 */
export async function login(ctx: PublicContext, input: LoginInput): Promise<TokenPair & { user: SignedInUser }> {
  const now = ctx.now();
  const accountKey = `acct:${input.email}`;
  const keys = ctx.ip ? [accountKey, `ip:${ctx.ip}`] : [accountKey];
  const attempt = await reserveAttempt(ctx.db, LOGIN_LIMIT, keys, now);
  if (attempt.wait > 0) throw tooManyRequests(attempt.wait, 'accounts.errors.loginRateLimited');
  const [row] = await ctx.db.select().from(users).where(eq(users.email, input.email)).limit(1);
  const ok = row ? await verifyPassword(row.passwordHash, input.password) : await verifyPassword(await dummyPasswordHash(), input.password).then(() => false);
  // A failure keeps the attempt's hits; a success takes them back and clears the account's.
  if (!row || !ok) throw new AppError('LOGIN_ERROR', 'errors.auth.badCredentials');
  await attempt.release();
  await clearHits(ctx.db, LOGIN_LIMIT, accountKey);
  // The one moment the plain password is known: upgrade a hash made with weaker settings.
  if (needsRehash(row.passwordHash)) {
    await ctx.db.update(users).set({ passwordHash: await hashPassword(input.password) }).where(eq(users.id, row.id));
  }
  const pair = await issueTokenPair(ctx.db, row.id, row.merchantId, ctx.now(), crypto.randomUUID());
  const user = await loadSignedInUser(ctx.db, row.id);
  if (!user) throw new AppError('LOGIN_ERROR', 'errors.auth.badCredentials');
  return { ...pair, user };
}

export async function issueTokenPair(db: Db, userId: number, merchantId: number, now: Date, familyId: string): Promise<TokenPair> {
  const access = await signAccessToken(userId, merchantId, now);
  const refreshToken = newOpaqueToken();
  await db.insert(refreshTokens).values({
    userId,
    familyId,
    tokenHash: sha256(refreshToken),
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
  });
  return { accessToken: access.token, refreshToken, expiresAt: access.expiresAt };
}

/**
 * Spends a refresh token and answers a new pair. A token presented a second time means it was
 * stolen (or replayed): its whole family is revoked, so both holders must sign in again.
 */
export async function refreshTokenPair(ctx: PublicContext, refreshToken: string): Promise<TokenPair> {
  const now = ctx.now();
  const outcome = await ctx.db.transaction(async (tx): Promise<TokenPair | AppError> => {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(refreshToken)))
      .for('update')
      .limit(1);
    if (!row || row.revokedAt) return new AppError('UNAUTHORIZED', 'errors.auth.refreshInvalid');
    if (row.expiresAt.getTime() <= now.getTime()) return new AppError('UNAUTHORIZED', 'errors.auth.refreshExpired');
    const [user] = await tx.select({ id: users.id, merchantId: users.merchantId }).from(users).where(eq(users.id, row.userId)).limit(1);
    if (!user) return new AppError('UNAUTHORIZED', 'errors.auth.refreshInvalid');
    if (row.usedAt) {
      // Requests racing with one cookie (parallel page loads, two tabs, the proxy then a server
      // component) present the same token within moments: that is not theft. Within the grace
      // period they get a pair of the same family; later, a replay revokes the whole family.
      const sinceUse = now.getTime() - row.usedAt.getTime();
      if (sinceUse >= 0 && sinceUse < reuseGraceSeconds() * 1000) return issueTokenPair(tx as unknown as Db, user.id, user.merchantId, now, row.familyId);
      await tx.update(refreshTokens).set({ revokedAt: now }).where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
      // Returned, not thrown: a throw would roll the revocation back.
      return new AppError('UNAUTHORIZED', 'errors.auth.refreshReused');
    }
    await tx.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.id, row.id));
    return issueTokenPair(tx as unknown as Db, user.id, user.merchantId, now, row.familyId);
  });
  if (outcome instanceof AppError) throw outcome;
  return outcome;
}

/** False once the token's family was revoked (sign-out, theft) or its user deleted. */
export async function isRefreshTokenLive(db: Db, refreshToken: string): Promise<boolean> {
  const [row] = await db.select({ revokedAt: refreshTokens.revokedAt }).from(refreshTokens).where(eq(refreshTokens.tokenHash, sha256(refreshToken))).limit(1);
  return !!row && !row.revokedAt;
}

/** Revokes the family of a refresh token (sign-out). Unknown tokens are ignored. */
export async function revokeRefreshToken(db: Db, refreshToken: string, now: Date): Promise<void> {
  const [row] = await db.select({ familyId: refreshTokens.familyId }).from(refreshTokens).where(eq(refreshTokens.tokenHash, sha256(refreshToken))).limit(1);
  if (!row) return;
  await db.update(refreshTokens).set({ revokedAt: now }).where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
}

export async function loadSignedInUser(db: Db, userId: number): Promise<SignedInUser | null> {
  const [row] = await signedInUserQuery(db).execute({ userId });
  if (!row) return null;
  return { ...row, permissions: row.permissions ?? [], menus: MAIN_MENUS };
}

// Every API request and page reads its user: prepared once per database (lib/db/prepared.ts).
const signedInUserQuery = perDatabase((db) =>
  db
    .select({
      userId: users.id,
      merchantId: users.merchantId,
      userName: users.name,
      email: users.email,
      avatar: users.avatar,
      permissions: users.permissions,
      merchantName: merchants.name,
    })
    .from(users)
    .innerJoin(merchants, eq(merchants.id, users.merchantId))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('signed_in_user'),
);
