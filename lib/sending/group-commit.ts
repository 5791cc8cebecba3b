/**
 * Group commit: callers each ask for one item and await its own answer; items go to the database
 * together, one statement for many. A failed flush rejects every caller of that flush.
 *
 * Two kinds of item:
 * - `now`: flushed once `maxItems` of them wait or the oldest has waited `lingerMs` (and no flush
 *   is running); the linger trades a few milliseconds per item for fewer, larger statements;
 * - `ride`: never starts a flush by itself; it goes with the next flush. The dispatcher's sent
 *   records ride on the next attempt markers: one statement serves both.
 */
export interface GroupCommit<I, O> {
  now(item: I): Promise<O>;
  ride(item: I): Promise<O>;
  /** Flushes whatever waits at once (or right after the running flush). */
  flush(): void;
}

export interface GroupCommitOptions {
  lingerMs?: number;
  maxItems?: number;
}

export function groupCommit<I, O>(flushItems: (items: I[]) => Promise<O[]>, options: GroupCommitOptions = {}): GroupCommit<I, O> {
  const lingerMs = options.lingerMs ?? 0;
  const maxItems = options.maxItems ?? Infinity;
  let waiting: { item: I; resolve: (value: O) => void; reject: (error: unknown) => void }[] = [];
  let urgent = 0;
  let oldestUrgentAt = 0;
  let forced = false;
  let running = false;
  let timer: NodeJS.Timeout | null = null;

  const drain = async () => {
    running = true;
    const group = waiting;
    waiting = [];
    urgent = 0;
    forced = false;
    try {
      const answers = await flushItems(group.map((g) => g.item));
      group.forEach((g, i) => g.resolve(answers[i]));
    } catch (error) {
      for (const g of group) g.reject(error);
    }
    running = false;
    schedule();
  };

  const schedule = () => {
    if (running || !waiting.length || (!urgent && !forced)) return;
    const wait = forced || urgent >= maxItems ? 0 : oldestUrgentAt + lingerMs - performance.now();
    if (wait <= 0) {
      if (timer) clearTimeout(timer);
      timer = null;
      void drain();
    } else {
      timer ??= setTimeout(() => {
        timer = null;
        schedule();
      }, wait);
    }
  };

  const ask = (item: I, isUrgent: boolean) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (isUrgent) {
        if (!urgent) oldestUrgentAt = performance.now();
        urgent++;
        schedule();
      }
    });

  return {
    now: (item) => ask(item, true),
    ride: (item) => ask(item, false),
    flush() {
      if (!waiting.length) return;
      forced = true;
      schedule();
    },
  };
}
