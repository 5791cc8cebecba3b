import { asc, eq } from 'drizzle-orm';
import { locations } from '@/db/schema/locations';
import type { ServiceContext } from '@/lib/context';

export interface LocationOption {
  id: number;
  name: string;
  enabled: boolean;
}

/** The merchant's locations for the contact filters and forms (disabled ones still hold contacts). */
export async function locationOptions(ctx: ServiceContext): Promise<LocationOption[]> {
  return ctx.db
    .select({ id: locations.id, name: locations.name, enabled: locations.enabled })
    .from(locations)
    .where(eq(locations.merchantId, ctx.merchantId))
    .orderBy(asc(locations.name));
}
