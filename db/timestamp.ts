import { sql, type SQL } from 'drizzle-orm';

/**
 * A timestamp parameter for raw SQL. postgres.js refuses Date objects inside drizzle's `sql`
 * template (it wants strings), PGlite accepts either: ISO text with a cast works on both.
 */
export function ts(date: Date): SQL {
  return sql`${date.toISOString()}::timestamptz`;
}
