import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { locations } from '@/db/schema/locations';
import { notFound } from '@/lib/errors/app-error';
import type { ServiceContext } from '@/lib/context';
import { recordColumns, toRecord, type LocationRecord } from './record';
import type { LocationPageQuery } from './schema';

/** Reads of the merchant's locations; writes live in write-location.ts and delete-location.ts. */

export interface LocationPage {
  total: number;
  records: LocationRecord[];
  pageNum: number;
  pageSize: number;
}

/** One page, newest first; keyword matches name, address, city, state, zip code or phone. */
export async function listLocations(ctx: ServiceContext, query: LocationPageQuery): Promise<LocationPage> {
  const where = and(eq(locations.merchantId, ctx.merchantId), query.enabled === undefined ? undefined : eq(locations.enabled, query.enabled), keywordFilter(query.keyword));
  const [{ total }] = await ctx.db.select({ total: count() }).from(locations).where(where);
  const rows = await ctx.db
    .select(recordColumns)
    .from(locations)
    .where(where)
    .orderBy(desc(locations.createdAt), desc(locations.id))
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize);
  return { total: Number(total), records: rows.map(toRecord), pageNum: query.pageNum, pageSize: query.pageSize };
}

/** Every enabled location, by name: the choices of location selects (campaigns, contacts). */
export async function listEnabledLocations(ctx: ServiceContext): Promise<LocationRecord[]> {
  const rows = await ctx.db
    .select(recordColumns)
    .from(locations)
    .where(and(eq(locations.merchantId, ctx.merchantId), eq(locations.enabled, true)))
    .orderBy(asc(locations.name), asc(locations.id));
  return rows.map(toRecord);
}

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

function keywordFilter(keyword: string | undefined): SQL | undefined {
  const k = keyword?.trim();
  if (!k) return undefined;
  const pattern = `%${escapeLike(k)}%`;
  const conditions = [
    ilike(locations.name, pattern),
    ilike(locations.address, pattern),
    ilike(locations.city, pattern),
    ilike(locations.state, pattern),
    ilike(locations.zipCode, pattern),
  ];
  // Phones are stored as E.164: match the digits typed, whatever spaces or dashes came with them.
  const digits = k.replace(/\D/g, '');
  if (digits.length >= 3 && /^[\d\s\-+().]+$/.test(k)) conditions.push(ilike(locations.phone, `%${digits}%`));
  return or(...conditions);
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
