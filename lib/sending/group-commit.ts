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
  /**
   * Flushes that may run at once (default 1). With 2, a group of `now` items goes to the database
   * while the previous statement is still running (on another connection) instead of waiting for
   * it: a short transport's workers otherwise queue behind one statement at a time. Riders go
   * only with a flush that starts while no other riders are being written, so the statements
   * that update shared rows (the campaign's count) still run one after the other.
   */
  maxFlushes?: number;
}

interface Waiting<I, O> {
  item: I;
  urgent: boolean;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

export function groupCommit<I, O>(flushItems: (items: I[]) => Promise<O[]>, options: GroupCommitOptions = {}): GroupCommit<I, O> {
  const lingerMs = options.lingerMs ?? 0;
  const maxItems = options.maxItems ?? Infinity;
  const maxFlushes = Math.max(1, options.maxFlushes ?? 1);
  let waiting: Waiting<I, O>[] = [];
  let urgent = 0;
  let oldestUrgentAt = 0;
  let forced = false;
  let running = 0;
  let ridersRunning = false;
  let timer: NodeJS.Timeout | null = null;

  const drain = async () => {
    let group: Waiting<I, O>[];
    if (ridersRunning) {
      group = waiting.filter((w) => w.urgent);
      waiting = waiting.filter((w) => !w.urgent);
    } else {
      group = waiting;
      waiting = [];
      forced = false;
    }
    urgent = 0;
    const carriesRiders = group.length > 0 && group.some((w) => !w.urgent);
    running++;
    if (carriesRiders) ridersRunning = true;
    try {
      const answers = await flushItems(group.map((g) => g.item));
      group.forEach((g, i) => g.resolve(answers[i]));
    } catch (error) {
      for (const g of group) g.reject(error);
    }
    running--;
    if (carriesRiders) ridersRunning = false;
    schedule();
  };

  const schedule = () => {
    const ridersNow = forced && !ridersRunning;
    if (running >= maxFlushes || !waiting.length || (!urgent && !ridersNow)) return;
    const wait = ridersNow || urgent >= maxItems ? 0 : oldestUrgentAt + lingerMs - performance.now();
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
      waiting.push({ item, urgent: isUrgent, resolve, reject });
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
