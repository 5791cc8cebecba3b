import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { ts } from '@/db/timestamp';

/**
 * Records without a version column are versioned by `updated_at`. Clients see it to the
 * millisecond (JSON dates) while writers such as consent changes store `now()` to the
 * microsecond, so it is compared at the millisecond.
 */
export function sameUpdatedAt(column: PgColumn, expected: Date): SQL<boolean> {
  return sql<boolean>`date_trunc('milliseconds', ${column}) = ${ts(expected)}`;
}

/**
 * A write's `updated_at`: now, but always past the stored value at the millisecond, so the version
 * moves on every write even within one millisecond or when this server's clock is behind.
 */
export function nextUpdatedAt(column: PgColumn, now: Date): SQL<Date> {
  return sql<Date>`greatest(${ts(now)}, date_trunc('milliseconds', ${column}) + interval '1 millisecond')`;
}
