import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { reviewSources, sourceLocations } from '@/db/schema/sources';
import { locations } from '@/db/schema/locations';
import { AppError, notFound } from '@/lib/errors/app-error';
import { decryptSecret, encryptSecret } from '@/lib/crypto/secret-box';
import { googleConfig } from '@/lib/gbp/config';
import { googleApi } from '@/lib/gbp/google-api';
import { refreshAccessToken, type TokenSet } from '@/lib/gbp/oauth';
import { sandboxApi } from '@/lib/gbp/sandbox';
import { RevokedGrantError, type BusinessProfileApi } from '@/lib/gbp/types';

export type SourceRow = typeof reviewSources.$inferSelect;

// Refresh a little early, so a token never expires between our check and Google's.
const EXPIRY_MARGIN_MS = 60_000;

export async function loadSource(db: Db, merchantId: number, sourceId: number): Promise<SourceRow> {
  const [row] = await db
    .select()
    .from(reviewSources)
    .where(and(eq(reviewSources.id, sourceId), eq(reviewSources.merchantId, merchantId)))
    .limit(1);
  if (!row) throw notFound('sources.errors.notFound');
  return row;
}

/** The merchant's sources, newest first (at most one per provider). */
export async function listSources(db: Db, merchantId: number): Promise<SourceRow[]> {
  return db.select().from(reviewSources).where(eq(reviewSources.merchantId, merchantId)).orderBy(reviewSources.id);
}

export function sealTokens(tokens: TokenSet) {
  return {
    accessTokenEnc: encryptSecret(tokens.accessToken),
    refreshTokenEnc: tokens.refreshToken ? encryptSecret(tokens.refreshToken) : null,
    tokenExpiresAt: tokens.expiresAt,
  };
}

/**
 * The provider API of a connected source. For Google, the access token is refreshed when it is
 * about to expire (and once after a 401) and stored again encrypted; a refused refresh
 * (invalid_grant) marks the source revoked and surfaces as RevokedGrantError.
 */
export function apiFor(db: Db, source: SourceRow, now: () => Date = () => new Date()): BusinessProfileApi {
  if (source.status !== 'connected') throw new AppError('CONFLICT', 'sources.errors.notConnected');
  if (source.provider === 'sandbox') return sandboxApi();
  const configured = googleConfig();
  if (!configured) throw new AppError('UNAVAILABLE', 'sources.errors.notConfigured');
  const config = configured;
  let accessToken = decryptSecret(source.accessTokenEnc);
  let expiresAt = source.tokenExpiresAt;
  let refreshing: Promise<string> | null = null;

  async function refresh(): Promise<string> {
    const refreshToken = decryptSecret(source.refreshTokenEnc);
    if (!refreshToken) {
      await markRevoked(db, source, 'no usable refresh token');
      throw new RevokedGrantError('no refresh token');
    }
    try {
      const tokens = await refreshAccessToken(config, refreshToken, now());
      await db
        .update(reviewSources)
        .set({ ...sealTokens(tokens), updatedAt: now() })
        .where(eq(reviewSources.id, source.id));
      accessToken = tokens.accessToken;
      expiresAt = tokens.expiresAt;
      return tokens.accessToken;
    } catch (error) {
      if (error instanceof RevokedGrantError) await markRevoked(db, source, error.message);
      throw error;
    }
  }

  return googleApi(config, async (force) => {
    if (!force && accessToken && expiresAt && expiresAt.getTime() - EXPIRY_MARGIN_MS > now().getTime()) return accessToken;
    // Concurrent callers share one refresh.
    refreshing ??= refresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  });
}

/** invalid_grant: tokens are useless now; the banner on /sources and /reviews asks to reconnect. */
export async function markRevoked(db: Db, source: SourceRow, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(reviewSources)
      .set({ status: 'revoked', accessTokenEnc: null, refreshTokenEnc: null, tokenExpiresAt: null, lastSyncError: reason.slice(0, 200), disconnectedAt: new Date(), updatedAt: new Date() })
      .where(eq(reviewSources.id, source.id));
    await setLinkedLocationsConnected(tx, source.merchantId, source.id, false);
  });
  source.status = 'revoked';
}

/** Our locations linked through this source follow its connection state (the `connected` flag). */
export async function setLinkedLocationsConnected(db: Db, merchantId: number, sourceId: number, connected: boolean): Promise<void> {
  const linked = await db
    .select({ locationId: sourceLocations.locationId })
    .from(sourceLocations)
    .where(and(eq(sourceLocations.merchantId, merchantId), eq(sourceLocations.sourceId, sourceId)));
  for (const { locationId } of linked) {
    if (locationId) await setLocationConnection(db, merchantId, locationId, { connected });
  }
}

/**
 * The one place we write the locations table (agreed with the locations engineer): its
 * business-profile `connected` flag and `reviewLink`.
 */
export async function setLocationConnection(db: Db, merchantId: number, locationId: number, values: { connected: boolean; reviewLink?: string | null }): Promise<void> {
  await db
    .update(locations)
    .set({ connected: values.connected, ...(values.reviewLink !== undefined ? { reviewLink: values.reviewLink } : {}), updatedAt: new Date() })
    .where(and(eq(locations.id, locationId), eq(locations.merchantId, merchantId)));
}
