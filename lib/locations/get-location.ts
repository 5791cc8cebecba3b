import { and, eq } from 'drizzle-orm';
import { locations } from '@/db/schema/locations';
import { notFound } from '@/lib/errors/app-error';
import type { ServiceContext } from '@/lib/context';
import { recordColumns, toRecord, type LocationRecord } from './record';

/** Another merchant's id answers exactly like a missing one. */
export async function getLocation(ctx: ServiceContext, locationId: number): Promise<LocationRecord> {
  const [row] = await ctx.db
    .select(recordColumns)
    .from(locations)
    .where(and(eq(locations.id, locationId), eq(locations.merchantId, ctx.merchantId)))
    .limit(1);
  if (!row) throw locationNotFound();
  return toRecord(row);
}

export function locationNotFound() {
  return notFound('locations.errors.notFound');
}
