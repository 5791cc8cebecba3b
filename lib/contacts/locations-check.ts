import { and, eq } from 'drizzle-orm';
import { locations } from '@/db/schema/locations';
import { AppError } from '@/lib/errors/app-error';
import type { ServiceContext } from '@/lib/context';

/** A contact's location must be one of the merchant's own. */
export async function assertOwnLocation(ctx: ServiceContext, locationId: number | null | undefined): Promise<void> {
  if (!locationId) return;
  const [row] = await ctx.db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.id, locationId), eq(locations.merchantId, ctx.merchantId)))
    .limit(1);
  if (!row) throw new AppError('VALIDATION', 'contacts.errors.locationNotFound', { fieldErrors: { locationId: 'contacts.errors.locationNotFound' } });
}
