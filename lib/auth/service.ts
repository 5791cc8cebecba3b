import crypto from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { perDatabase } from '@/lib/db/prepared';
import { users, refreshTokens } from '@/db/schema/users';
import { merchants } from '@/db/schema/merchants';
import { AppError } from '@/lib/errors/app-error';
import type { PublicContext } from '@/lib/context';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from './password';
import { REFRESH_TOKEN_TTL_SECONDS, newOpaqueToken, sessionMaxAgeSeconds, sha256, signAccessToken, type AccessClaims } from './tokens';
import type { LoginInput } from './schema';
import { LOGIN_LIMIT, clearHits, reserveAttempt, tooManyRequests } from '@/lib/rate-limit/rate-limit';
import { signChallenge } from '@/lib/auth/two-factor/challenge';
import { hasTwoFactor } from '@/lib/auth/two-factor/consume-code';
import { setting, settingDefault } from '@/lib/config/settings';

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

/**
 * Seconds after a refresh token is spent during which presenting it again is a race, not a replay.
 * The browser refreshes once at a time (single-flight in the page, the proxy and the server,
 * lib/auth/refresh-flight.ts), so it needs none; the few seconds cover API clients and several
 * server instances racing.
 */
export const REFRESH_REUSE_GRACE_SECONDS = settingDefault('refreshReuseGraceSeconds');

/**
 * The grace in force: 5 s, or REFRESH_REUSE_GRACE_SECONDS (0 turns it off). The e2e server widens
 * it, because every e2e test starts from one saved demo session and so presents its refresh token again.
 */
function reuseGraceSeconds(): number {
  return setting('refreshReuseGraceSeconds');
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
  // The one moment the plain password is known: upgrade a hash made with weaker settings.
  if (needsRehash(row.passwordHash)) {
    await ctx.db.update(users).set({ passwordHash: await hashPassword(input.password) }).where(eq(users.id, row.id));
  }
  // Two-step verification on: no tokens yet, a challenge for the second step
  // (lib/auth/two-factor/second-step.ts). The account's failures are not cleared until a code is right,
  // so the password cannot reset the count of wrong codes.
  if (await hasTwoFactor(ctx.db, row.id)) {
    const challenge = await signChallenge({ userId: row.id, sessionEpoch: row.sessionEpoch }, now);
    throw new AppError('TWO_FACTOR_REQUIRED', 'twoFactor.login.required', { details: challenge });
  }
  await clearHits(ctx.db, LOGIN_LIMIT, accountKey);
  return signInUser(ctx.db, { userId: row.id, merchantId: row.merchantId, sessionEpoch: row.sessionEpoch }, ctx.now());
}

/** A new sign-in (family) of a user whose credentials were checked: its first pair and its state. */
export async function signInUser(db: Db, owner: TokenOwner, signedInAt: Date): Promise<TokenPair & { user: SignedInUser }> {
  const pair = await issueFamilyPair(db, owner, signedInAt, { familyId: crypto.randomUUID(), startedAt: signedInAt });
  const user = await loadSignedInUser(db, owner.userId);
  if (!user) throw new AppError('LOGIN_ERROR', 'errors.auth.badCredentials');
  return { ...pair, user };
}

export interface TokenOwner {
  userId: number;
  merchantId: number;
  sessionEpoch: number;
}

/** One sign-in: its family id and when it signed in (the absolute lifetime counts from there). */
export interface TokenFamily {
  familyId: string;
  startedAt: Date;
}

/**
 * A new pair of a family. The refresh token lives 30 days, never past the family's absolute
 * end (SESSION_MAX_AGE_DAYS after the sign-in); the access token carries the family and the
 * user's session epoch.
 */
export async function issueFamilyPair(db: Db, owner: TokenOwner, now: Date, family: TokenFamily): Promise<TokenPair> {
  const access = await signAccessToken(owner.userId, owner.merchantId, now, { familyId: family.familyId, sessionEpoch: owner.sessionEpoch });
  const refreshToken = newOpaqueToken();
  const familyEnd = family.startedAt.getTime() + sessionMaxAgeSeconds() * 1000;
  await db.insert(refreshTokens).values({
    userId: owner.userId,
    familyId: family.familyId,
    familyStartedAt: family.startedAt,
    tokenHash: sha256(refreshToken),
    expiresAt: new Date(Math.min(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000, familyEnd)),
  });
  return { accessToken: access.token, refreshToken, expiresAt: access.expiresAt };
}

/** A new sign-in's first pair (registration, an accepted invitation): a new family starting now. */
export async function issueTokenPair(db: Db, userId: number, merchantId: number, now: Date, familyId: string = crypto.randomUUID()): Promise<TokenPair> {
  const [row] = await db.select({ sessionEpoch: users.sessionEpoch }).from(users).where(eq(users.id, userId)).limit(1);
  return issueFamilyPair(db, { userId, merchantId, sessionEpoch: row?.sessionEpoch ?? 0 }, now, { familyId, startedAt: now });
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
    // The absolute lifetime: rotation never extends a sign-in past SESSION_MAX_AGE_DAYS.
    if (now.getTime() - row.familyStartedAt.getTime() >= sessionMaxAgeSeconds() * 1000) {
      await tx.update(refreshTokens).set({ revokedAt: now }).where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
      return new AppError('UNAUTHORIZED', 'errors.auth.refreshExpired');
    }
    const [found] = await tx.select({ id: users.id, merchantId: users.merchantId, sessionEpoch: users.sessionEpoch }).from(users).where(eq(users.id, row.userId)).limit(1);
    if (!found) return new AppError('UNAUTHORIZED', 'errors.auth.refreshInvalid');
    const owner: TokenOwner = { userId: found.id, merchantId: found.merchantId, sessionEpoch: found.sessionEpoch };
    const family: TokenFamily = { familyId: row.familyId, startedAt: row.familyStartedAt };
    if (row.usedAt) {
      // Requests racing with one cookie (parallel page loads, two tabs, the proxy then a server
      // component) present the same token within moments: that is not theft. Within the grace
      // period they get a pair of the same family; later, a replay revokes the whole family.
      const sinceUse = now.getTime() - row.usedAt.getTime();
      if (sinceUse >= 0 && sinceUse < reuseGraceSeconds() * 1000) return issueFamilyPair(tx as unknown as Db, owner, now, family);
      await tx.update(refreshTokens).set({ revokedAt: now }).where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
      // Returned, not thrown: a throw would roll the revocation back.
      return new AppError('UNAUTHORIZED', 'errors.auth.refreshReused');
    }
    await tx.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.id, row.id));
    return issueFamilyPair(tx as unknown as Db, owner, now, family);
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
  const { sessionEpoch: _epoch, ...user } = row;
  void _epoch;
  return { ...user, permissions: user.permissions ?? [], menus: MAIN_MENUS };
}

/**
 * The user an access token speaks for, read again (one prepared query): null when the user is
 * gone, moved merchant, or ended its sessions since the token was issued (password reset or
 * change, "sign out everywhere": the user's session epoch moved past the token's).
 */
export async function loadTokenUser(db: Db, claims: AccessClaims): Promise<SignedInUser | null> {
  const [row] = await signedInUserQuery(db).execute({ userId: claims.userId });
  if (!row || row.merchantId !== claims.merchantId || row.sessionEpoch !== claims.sessionEpoch) return null;
  const { sessionEpoch: _epoch, ...user } = row;
  void _epoch;
  return { ...user, permissions: user.permissions ?? [], menus: MAIN_MENUS };
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
      sessionEpoch: users.sessionEpoch,
    })
    .from(users)
    .innerJoin(merchants, eq(merchants.id, users.merchantId))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('signed_in_user'),
);
