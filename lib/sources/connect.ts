import { and, eq, lt } from 'drizzle-orm';
import { oauthStates, reviewSources } from '@/db/schema/sources';
import type { ServiceContext } from '@/lib/context';
import { AppError } from '@/lib/errors/app-error';
import { decryptSecret, encryptSecret, sha256Hex } from '@/lib/crypto/secret-box';
import { GBP_SCOPE, googleConfig } from '@/lib/gbp/config';
import { authorizeUrl, exchangeCode, newPkcePair, newState, revokeToken } from '@/lib/gbp/oauth';
import { RevokedGrantError } from '@/lib/gbp/types';
import { loadSource, sealTokens, setLinkedLocationsConnected } from './connection';
import { requireOwner } from '@/lib/team/require-owner';

const STATE_TTL_MS = 10 * 60 * 1000;

/** Which provider a merchant can connect here: Google when configured, otherwise the sandbox. */
export function availableProvider(): 'google' | 'sandbox' {
  return googleConfig() ? 'google' : 'sandbox';
}

/**
 * Starts the authorisation-code flow with PKCE: stores the state (hashed) and the verifier
 * (encrypted) for ten minutes and answers the consent-screen URL.
 */
export async function startGoogleConnect(ctx: ServiceContext): Promise<{ url: string }> {
  // Connecting and disconnecting the merchant's Google account is the owner's; staff sync and link.
  await requireOwner(ctx, 'sources.errors.ownerOnly');
  const config = googleConfig();
  if (!config) throw new AppError('UNAVAILABLE', 'sources.errors.notConfigured');
  const state = newState();
  const { verifier, challenge } = newPkcePair();
  const now = ctx.now();
  await ctx.db.delete(oauthStates).where(lt(oauthStates.expiresAt, now));
  await ctx.db.insert(oauthStates).values({
    merchantId: ctx.merchantId,
    userId: ctx.userId,
    provider: 'google',
    stateHash: sha256Hex(state),
    verifierEnc: encryptSecret(verifier),
    expiresAt: new Date(now.getTime() + STATE_TTL_MS),
  });
  return { url: authorizeUrl(config, state, challenge) };
}

/**
 * The redirect back from Google. The state must be one we issued, unused, unexpired and issued to
 * this same merchant and user (a state from another session is refused like a forged one).
 */
export async function completeGoogleConnect(ctx: ServiceContext, input: { state?: string; code?: string; error?: string }): Promise<{ sourceId: number }> {
  await requireOwner(ctx, 'sources.errors.ownerOnly');
  const config = googleConfig();
  if (!config) throw new AppError('UNAVAILABLE', 'sources.errors.notConfigured');
  if (!input.state) throw new AppError('BAD_REQUEST', 'sources.errors.badState');
  // One use only: the row is deleted as it is read.
  const [row] = await ctx.db.delete(oauthStates).where(eq(oauthStates.stateHash, sha256Hex(input.state))).returning();
  if (!row || row.merchantId !== ctx.merchantId || row.userId !== ctx.userId || row.expiresAt.getTime() < ctx.now().getTime()) {
    throw new AppError('BAD_REQUEST', 'sources.errors.badState');
  }
  if (input.error) throw new AppError('BAD_REQUEST', input.error === 'access_denied' ? 'sources.errors.consentDenied' : 'sources.errors.connectFailed');
  if (!input.code) throw new AppError('BAD_REQUEST', 'sources.errors.connectFailed');
  const verifier = decryptSecret(row.verifierEnc);
  if (!verifier) throw new AppError('BAD_REQUEST', 'sources.errors.badState');
  let tokens;
  try {
    tokens = await exchangeCode(config, input.code, verifier, ctx.now());
  } catch (error) {
    if (error instanceof RevokedGrantError) throw new AppError('BAD_REQUEST', 'sources.errors.connectFailed');
    throw new AppError('BAD_GATEWAY', 'sources.errors.providerFailed');
  }
  if (!tokens.refreshToken) throw new AppError('BAD_GATEWAY', 'sources.errors.noRefreshToken');
  return upsertSource(ctx, 'google', { ...sealTokens(tokens), scopes: tokens.scopes.length ? tokens.scopes : [GBP_SCOPE] });
}

/** The sandbox needs no consent: connecting it is one click (only when Google is not configured). */
export async function connectSandbox(ctx: ServiceContext): Promise<{ sourceId: number }> {
  await requireOwner(ctx, 'sources.errors.ownerOnly');
  if (googleConfig()) throw new AppError('CONFLICT', 'sources.errors.sandboxUnavailable');
  return upsertSource(ctx, 'sandbox', { accessTokenEnc: null, refreshTokenEnc: null, tokenExpiresAt: null, scopes: [GBP_SCOPE] });
}

async function upsertSource(
  ctx: ServiceContext,
  provider: 'google' | 'sandbox',
  values: { accessTokenEnc: string | null; refreshTokenEnc: string | null; tokenExpiresAt: Date | null; scopes: string[] },
): Promise<{ sourceId: number }> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(reviewSources)
      .values({ merchantId: ctx.merchantId, provider, status: 'connected', ...values, connectedAt: now, lastSyncError: null })
      .onConflictDoUpdate({
        target: [reviewSources.merchantId, reviewSources.provider],
        set: { status: 'connected', ...values, connectedAt: now, disconnectedAt: null, lastSyncError: null, updatedAt: now },
      })
      .returning({ id: reviewSources.id });
    // Links made before a disconnect come back with the connection.
    await setLinkedLocationsConnected(tx, ctx.merchantId, row.id, true);
    return { sourceId: row.id };
  });
}

/** Forgets the tokens (revoking them at Google, best effort); reviews and links are kept. */
export async function disconnectSource(ctx: ServiceContext, sourceId: number): Promise<{ sourceId: number }> {
  await requireOwner(ctx, 'sources.errors.ownerOnly');
  const source = await loadSource(ctx.db, ctx.merchantId, sourceId);
  const config = googleConfig();
  const token = decryptSecret(source.refreshTokenEnc) ?? decryptSecret(source.accessTokenEnc);
  if (source.provider === 'google' && config && token) await revokeToken(config, token);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(reviewSources)
      .set({ status: 'disconnected', accessTokenEnc: null, refreshTokenEnc: null, tokenExpiresAt: null, disconnectedAt: ctx.now(), updatedAt: ctx.now() })
      .where(and(eq(reviewSources.id, source.id), eq(reviewSources.merchantId, ctx.merchantId)));
    await setLinkedLocationsConnected(tx, ctx.merchantId, source.id, false);
  });
  return { sourceId: source.id };
}
