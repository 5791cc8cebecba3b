import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { ts } from '@/db/timestamp';

/** Longer than every limit's window (the longest is a day): older hits can never count again. */
export const HIT_RETENTION_SECONDS = 2 * 24 * 60 * 60;
/** One sweep deletes at most this many rows, so it never holds a long lock on a busy table. */
export const SWEEP_BATCH = 5_000;
const SWEEP_EVERY_MS = 60_000;

const lastSweep = new WeakMap<Db, number>();

/**
 * Deletes expired rate-limit hits of every bucket and key (a request only ever cleared its own
 * keys, so addresses seen once stayed forever). Bounded; answers how many rows went.
 */
export async function sweepRateLimitHits(db: Db, now: Date, batch = SWEEP_BATCH): Promise<number> {
  const cutoff = new Date(now.getTime() - HIT_RETENTION_SECONDS * 1000);
  const rows = await db.execute<{ id: number }>(
    sql`delete from rate_limit_hits where id in (select id from rate_limit_hits where created_at < ${ts(cutoff)} limit ${batch}) returning id`,
  );
  return rows.length;
}

/**
 * Runs the sweep at most once a minute per process and database, from the requests that count
 * hits (no worker or cron is needed: the embedded database has neither).
 */
export async function sweepRateLimitHitsOccasionally(db: Db, now: Date): Promise<void> {
  const last = lastSweep.get(db) ?? 0;
  if (Date.now() - last < SWEEP_EVERY_MS) return;
  lastSweep.set(db, Date.now());
  await sweepRateLimitHits(db, now);
}
