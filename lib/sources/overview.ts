import { and, eq, isNotNull } from 'drizzle-orm';
import { sourceLocations } from '@/db/schema/sources';
import { locations } from '@/db/schema/locations';
import type { ServiceContext } from '@/lib/context';
import { locationOptions } from '@/lib/locations/options';
import { availableProvider } from './connect';
import { listSources } from './connection';

/** What /sources and the banners need: the sources (never their tokens), links, and our locations. */
export async function sourcesOverview(ctx: ServiceContext) {
  const [sources, links, ours] = await Promise.all([
    listSources(ctx.db, ctx.merchantId),
    ctx.db
      .select({ sourceLocationId: sourceLocations.id, sourceId: sourceLocations.sourceId, title: sourceLocations.title, address: sourceLocations.address, locationId: sourceLocations.locationId, locationName: locations.name })
      .from(sourceLocations)
      .innerJoin(locations, eq(locations.id, sourceLocations.locationId))
      .where(and(eq(sourceLocations.merchantId, ctx.merchantId), isNotNull(sourceLocations.locationId))),
    locationOptions(ctx),
  ]);
  return {
    provider: availableProvider(),
    sources: sources.map((s) => ({
      id: s.id,
      provider: s.provider,
      status: s.status,
      scopes: s.scopes,
      lastSyncAt: s.lastSyncAt?.toISOString() ?? null,
      lastSyncError: s.lastSyncError,
      connectedAt: s.connectedAt.toISOString(),
      disconnectedAt: s.disconnectedAt?.toISOString() ?? null,
    })),
    links,
    locations: ours.map(({ id, name, connected, enabled }) => ({ id, name, connected, enabled })),
  };
}

/** The banner of /sources and /reviews: a source whose grant was revoked. */
export async function revokedSources(ctx: ServiceContext) {
  const sources = await listSources(ctx.db, ctx.merchantId);
  return sources.filter((s) => s.status === 'revoked').map((s) => ({ id: s.id, provider: s.provider, since: s.disconnectedAt?.toISOString() ?? null }));
}
