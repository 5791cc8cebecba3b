import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { locations } from '@/db/schema/locations';
import { AppError, notFound } from '@/lib/errors/app-error';

export type LocationRow = typeof locations.$inferSelect;

/**
 * The one "own location or 404" check: a location of this merchant, or NOT_FOUND (another
 * merchant's id answers exactly like a missing one). A form that names the location in a field
 * (a contact's location, an import's) asks for the refusal beside that field instead: 400.
 */
export async function requireOwnLocation(db: Db, merchantId: number, locationId: number, options: { field?: string } = {}): Promise<LocationRow> {
  const [row] = await db.select().from(locations).where(and(eq(locations.id, locationId), eq(locations.merchantId, merchantId))).limit(1);
  if (row) return row;
  if (options.field) throw new AppError('VALIDATION', 'locations.errors.notFound', { fieldErrors: { [options.field]: 'locations.errors.notFound' } });
  throw notFound('locations.errors.notFound');
}
