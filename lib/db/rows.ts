import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';

/** Rows of a raw `db.execute(sql...)` result: PGlite answers { rows }, postgres.js the array. */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] } | null)?.rows ?? []);
}

/** Raw SQL rows from either driver: postgres.js answers an array, PGlite an object with `rows`. */
export async function sqlRows<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/**
 * A timestamp parameter for raw SQL. postgres.js refuses Date objects inside drizzle's `sql`
 * template (it wants strings), PGlite accepts either: ISO text with a cast works on both.
 */
export function ts(date: Date): SQL {
  return sql`${date.toISOString()}::timestamptz`;
}
