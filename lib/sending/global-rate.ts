import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { createRateLimiter, realClock, type Clock, type RateLimiter } from './rate-limiter';
import { loggableMessage } from '@/lib/observability/logger';

/** Slots reserved at a time: about this many milliseconds' worth, so processes interleave finely. */
const CHUNK_MS = 150;
/** How long a process paces itself alone after the database refused a reservation. */
const FALLBACK_MS = 5_000;
/**
 * How far ahead a reservation may start: a minute, or 20 chunks at a tiny rate. Further is a stale
 * `next_at` left by an older, smaller rate; waits this long only come with many processes.
 */
export function maxAheadSeconds(n: number, perSecond: number): number {
  return Math.max(60, (20 * n) / perSecond);
}

/** Slots a process reserves at once: one chunk's worth at this rate, at least one. */
export function slotsPerChunk(perSecond: number, chunkMs = CHUNK_MS): number {
  return Math.max(1, Math.round((perSecond * chunkMs) / 1000));
}

/**
 * The shared schedule's rule (GCRA): a reservation of `n` slots starts at the later of the shared
 * next instant and now, and moves the next instant on by n slots. Times in milliseconds. The SQL
 * in reserveSlots does exactly this, atomically; this is its model for the unit tests.
 */
export function reserve(nextAt: number, now: number, n: number, perSecond: number): { start: number; nextAt: number } {
  const start = Math.max(Math.min(nextAt, now + maxAheadSeconds(n, perSecond) * 1000), now);
  return { start, nextAt: start + (n * 1000) / perSecond };
}

/** The instants of `n` reserved slots from `start`, one every 1/perSecond. */
export function slotTimes(start: number, n: number, perSecond: number): number[] {
  return Array.from({ length: n }, (_, i) => start + (i * 1000) / perSecond);
}

/**
 * Reserves `n` consecutive slots of a transport's global schedule (table send_rates) in one
 * statement; the row lock orders concurrent processes. Answers the first slot's instant on this
 * process's clock (the database's clock may differ: the offset is taken from the same answer).
 */
async function reserveSlots(db: Db, transport: string, n: number, perSecond: number, clock: Clock): Promise<number> {
  const seconds = n / perSecond;
  const [row] = await db.execute<{ next_ms: number | string; now_ms: number | string }>(
    sql`insert into send_rates (transport, next_at, per_second)
        values (${transport}, clock_timestamp() + ${seconds}::float8 * interval '1 second', ${perSecond}::float8)
        on conflict (transport) do update
          set next_at = greatest(least(send_rates.next_at, clock_timestamp() + ${maxAheadSeconds(n, perSecond)}::float8 * interval '1 second'), clock_timestamp())
                        + ${seconds}::float8 * interval '1 second',
              per_second = excluded.per_second
        returning (extract(epoch from next_at) * 1000)::float8 as next_ms, (extract(epoch from clock_timestamp()) * 1000)::float8 as now_ms`,
  );
  const start = Number(row.next_ms) - seconds * 1000;
  return start - Number(row.now_ms) + clock.now();
}

/**
 * A transport's rate for all processes together: each process reserves a few slots at a time
 * from the shared schedule in PostgreSQL and hands them out at their instants. 0, negative or not
 * a number: no limit. If the database refuses a reservation, the process paces itself alone at
 * the same rate for a few seconds (sending needs the database anyway; it must not stop here).
 */
export function createGlobalRateLimiter(db: Db, transport: 'email' | 'sms', perSecond: number, options: { clock?: Clock; chunkMs?: number } = {}): RateLimiter {
  if (!(perSecond > 0) || !Number.isFinite(perSecond)) return { take: async () => {} };
  const clock = options.clock ?? realClock;
  const chunk = slotsPerChunk(perSecond, options.chunkMs);
  const chunkMs = (chunk * 1000) / perSecond;
  let slots: number[] = [];
  const alone = createRateLimiter(perSecond, clock);
  let aloneUntil = -Infinity;
  const takeOne = async () => {
    if (clock.now() < aloneUntil) return alone.take();
    // Slots nobody took in time are dropped: handing them out late would be a burst.
    while (slots.length && slots[0] < clock.now() - chunkMs) slots.shift();
    if (!slots.length) {
      try {
        slots = slotTimes(await reserveSlots(db, transport, chunk, perSecond, clock), chunk, perSecond);
      } catch (error) {
        console.error(`[starloop] ${transport} rate: could not reserve send slots, pacing this process alone: ${loggableMessage(error)}`);
        aloneUntil = clock.now() + FALLBACK_MS;
        return alone.take();
      }
    }
    const wait = (slots.shift() ?? 0) - clock.now();
    if (wait > 0) await clock.sleep(wait);
  };
  let queue: Promise<void> = Promise.resolve();
  return {
    take() {
      // Callers are served in order: each waits for the previous one's slot.
      const mine = queue.then(takeOne);
      queue = mine.catch(() => {});
      return mine;
    },
  };
}
