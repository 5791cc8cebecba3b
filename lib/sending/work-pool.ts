/** A worker's previous item's unfinished part (its record), its failure caught. */
interface Tail {
  settled: Promise<{ error: unknown } | null>;
  done: boolean;
}

const NO_TAIL: Tail = { settled: Promise.resolve(null), done: true };

export interface WorkPoolOptions<T> {
  concurrency: number;
  /** One item's work: answers once its own part is done, with a tail still settling (a record being written). */
  work: (item: T) => Promise<{ settled: Promise<void> }>;
  /** Writes tails waiting to ride on another write, for a worker that must wait for its own. */
  flushTails: () => void;
  /**
   * More items, asked for once half of those given have started (so they arrive before the pool
   * runs dry); an empty answer ends the asking.
   */
  more?: () => Promise<T[]>;
}

/**
 * Runs `work` over the items, `concurrency` at a time. A call answers once its item's own part is
 * done; its worker goes on to the next item and awaits the previous tail after it. After an error
 * no new item starts, and the first error is thrown once the running items and tails have ended.
 */
export async function runWorkPool<T>(first: T[], options: WorkPoolOptions<T>): Promise<void> {
  const items = [...first];
  let next = 0;
  let failure: { error: unknown } | null = null;
  let asking: Promise<void> | null = null;
  let exhausted = false;
  const ask = async (more: () => Promise<T[]>) => {
    try {
      const added = await more();
      if (added.length) items.push(...added);
      else exhausted = true;
    } catch (error) {
      failure ??= { error };
      exhausted = true;
    }
  };
  const askForMore = () => {
    if (exhausted || asking || !options.more || next < items.length / 2) return;
    asking = ask(options.more).finally(() => (asking = null));
  };
  const worker = async () => {
    // A tail's failure is caught at once (an unobserved rejection would end the process) and
    // reported when the tail is awaited.
    let tail = NO_TAIL;
    const awaitTail = async () => {
      // A tail that rides on someone else's write is written now rather than waited for.
      if (!tail.done) options.flushTails();
      const settled = await tail.settled;
      if (settled) failure ??= settled;
      tail = NO_TAIL;
    };
    while (!failure) {
      askForMore();
      if (next >= items.length) {
        if (!asking) break;
        // Waiting for more: this worker's own record is written meanwhile, not held back.
        await awaitTail();
        await asking;
        continue;
      }
      const item = items[next];
      // A started item is let go: a round of many batches keeps only what is still to come.
      items[next++] = undefined as T;
      try {
        const { settled } = await options.work(item);
        const caught: Tail = {
          settled: settled.then(
            () => null,
            (error: unknown) => ({ error }),
          ),
          done: false,
        };
        void caught.settled.then(() => (caught.done = true));
        await awaitTail();
        tail = caught;
      } catch (error) {
        failure ??= { error };
      }
    }
    await awaitTail();
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
  await asking;
  if (failure) throw (failure as { error: unknown }).error;
}
