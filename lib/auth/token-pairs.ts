import crypto from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users, refreshTokens } from '@/db/schema/users';
import { AppError } from '@/lib/errors/app-error';
import type { PublicContext } from '@/lib/context';
import { REFRESH_TOKEN_TTL_SECONDS, newOpaqueToken, sessionMaxAgeSeconds, sha256, signAccessToken } from './tokens';
import { setting, settingDefault } from '@/lib/config/settings';
import { lockUserSessions } from './session-lock';
import { openSuccessor, sealSuccessor } from './successor-seal';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  /** Access token expiry, epoch seconds. */
  expiresAt: number;
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

/**
 * How long after a rotation the rotated token may still come back from the same browser and get
 * the new pair: a request sent with the old cookie can wait this long in a busy server's queue
 * (a 57 s first response was seen on a loaded 2-core machine). Later, it is a replay and the
 * family is revoked. Nothing new is minted for such a request: the family keeps one live token.
 */
export const LATE_USE_WINDOW_SECONDS = 120;

/** A request more rotations late than this is no longer the browser's own. */
const MAX_SUCCESSOR_HOPS = 5;

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
  return (await insertFamilyPair(db, owner, now, family)).pair;
}

/** issueFamilyPair, also answering the new refresh token's row id (a rotation records it on the parent). */
async function insertFamilyPair(db: Db, owner: TokenOwner, now: Date, family: TokenFamily): Promise<{ pair: TokenPair; id: number }> {
  const access = await signAccessToken(owner.userId, owner.merchantId, now, { familyId: family.familyId, sessionEpoch: owner.sessionEpoch });
  const refreshToken = newOpaqueToken();
  const familyEnd = family.startedAt.getTime() + sessionMaxAgeSeconds() * 1000;
  const [inserted] = await db
    .insert(refreshTokens)
    .values({
      userId: owner.userId,
      familyId: family.familyId,
      familyStartedAt: family.startedAt,
      tokenHash: sha256(refreshToken),
      expiresAt: new Date(Math.min(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000, familyEnd)),
    })
    .returning({ id: refreshTokens.id });
  return { pair: { accessToken: access.token, refreshToken, expiresAt: access.expiresAt }, id: inserted.id };
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
  const tokenHash = sha256(refreshToken);
  const outcome = await ctx.db.transaction(async (tx): Promise<TokenPair | AppError> => {
    const [holder] = await tx.select({ userId: refreshTokens.userId }).from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
    if (!holder) return new AppError('UNAUTHORIZED', 'errors.auth.refreshInvalid');
    await lockUserSessions(tx, holder.userId);
    const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).for('update').limit(1);
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
      // A request that still carries the token this browser just rotated (sent before the new
      // cookie arrived, or held up in a busy server's queue for seconds): it gets the pair the
      // rotation made, so the browser keeps one live token and stays signed in.
      const sinceRotation = now.getTime() - row.usedAt.getTime();
      if (sinceRotation < LATE_USE_WINDOW_SECONDS * 1000) {
        const head = await liveSuccessor(tx, row, refreshToken);
        if (head) {
          const access = await signAccessToken(owner.userId, owner.merchantId, now, { familyId: family.familyId, sessionEpoch: owner.sessionEpoch });
          return { accessToken: access.token, refreshToken: head, expiresAt: access.expiresAt };
        }
      }
      // Requests racing with one cookie (parallel page loads, two tabs, the proxy then a server
      // component) present the same token within moments: that is not theft. Within the grace
      // period they get a pair of the same family; later, a replay revokes the whole family.
      // A negative time since the use is a request that read its clock before the other one took
      // the lock: it raced, certainly (seen with two refreshes at once on a loaded machine).
      const sinceUse = now.getTime() - row.usedAt.getTime();
      const grace = reuseGraceSeconds() * 1000;
      if (grace > 0 && sinceUse < grace) return issueFamilyPair(tx, owner, now, family);
      await tx.update(refreshTokens).set({ revokedAt: now }).where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
      // Returned, not thrown: a throw would roll the revocation back.
      return new AppError('UNAUTHORIZED', 'errors.auth.refreshReused');
    }
    const next = await insertFamilyPair(tx, owner, now, family);
    await tx
      .update(refreshTokens)
      .set({ usedAt: now, successorId: next.id, successorSealed: sealSuccessor(next.pair.refreshToken, refreshToken) })
      .where(eq(refreshTokens.id, row.id));
    return next.pair;
  });
  if (outcome instanceof AppError) throw outcome;
  return outcome;
}

type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/**
 * The newest token of the chain `row` was rotated into, when it is still unspent and live: the
 * token a late request of the same browser should now hold. Followed a few links at most (a
 * request two rotations late); null when the chain ends in a spent, revoked or unreadable token.
 */
async function liveSuccessor(db: Db, row: RefreshTokenRow, token: string): Promise<string | null> {
  let current = row;
  let currentToken = token;
  for (let hops = 0; hops < MAX_SUCCESSOR_HOPS; hops++) {
    if (!current.successorId) return null;
    const successorToken = openSuccessor(current.successorSealed, currentToken);
    if (!successorToken) return null;
    const [successor] = await db.select().from(refreshTokens).where(eq(refreshTokens.id, current.successorId)).for('update').limit(1);
    if (!successor || successor.revokedAt || successor.familyId !== row.familyId || successor.tokenHash !== sha256(successorToken)) return null;
    if (!successor.usedAt) return successorToken;
    current = successor;
    currentToken = successorToken;
  }
  return null;
}

/** False once the token's family was revoked (sign-out, theft) or its user deleted. */
export async function isRefreshTokenLive(db: Db, refreshToken: string): Promise<boolean> {
  const [row] = await db.select({ revokedAt: refreshTokens.revokedAt }).from(refreshTokens).where(eq(refreshTokens.tokenHash, sha256(refreshToken))).limit(1);
  return !!row && !row.revokedAt;
}

/** Revokes the family of a refresh token (sign-out). Unknown tokens are ignored. */
export async function revokeRefreshToken(db: Db, refreshToken: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ familyId: refreshTokens.familyId, userId: refreshTokens.userId }).from(refreshTokens).where(eq(refreshTokens.tokenHash, sha256(refreshToken))).limit(1);
    if (!row) return;
    // After a refresh in flight has committed: this statement then sees the token it issued.
    await lockUserSessions(tx, row.userId);
    await tx.update(refreshTokens).set({ revokedAt: now }).where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
  });
}
