import { asc, eq } from 'drizzle-orm';
import { locations } from '@/db/schema/locations';
import type { ServiceContext } from '@/lib/context';

export interface LocationOption {
  id: number;
  name: string;
  enabled: boolean;
  /** IANA zone: the request form shows send times in it. */
  timezone: string;
  /** ISO 3166-1 alpha-2: an import reads local phone numbers by it. */
  country: string;
  /** Linked to a business-profile location. */
  connected: boolean;
}

/**
 * The merchant's locations for every select and filter, in the order they were added; disabled
 * ones are included (they still hold contacts, reviews and campaigns), callers that offer only
 * enabled ones filter.
 */
export async function locationOptions(ctx: Pick<ServiceContext, 'db' | 'merchantId'>): Promise<LocationOption[]> {
  return ctx.db
    .select({ id: locations.id, name: locations.name, enabled: locations.enabled, timezone: locations.timezone, country: locations.country, connected: locations.connected })
    .from(locations)
    .where(eq(locations.merchantId, ctx.merchantId))
    .orderBy(asc(locations.createdAt), asc(locations.id));
}
