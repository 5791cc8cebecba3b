/**
 * Group commit: callers each ask for one item and await its own answer; items asked for while a
 * flush is running wait and go together in the next one. Alone, an item is flushed at once (no
 * added delay); with many messages in flight, one statement serves them all instead of one each.
 * A failed flush rejects every caller of that flush.
 */
export function groupCommit<I, O>(flush: (items: I[]) => Promise<O[]>): (item: I) => Promise<O> {
  let waiting: { item: I; resolve: (value: O) => void; reject: (error: unknown) => void }[] = [];
  let running = false;
  const drain = async () => {
    running = true;
    while (waiting.length) {
      const group = waiting;
      waiting = [];
      try {
        const answers = await flush(group.map((g) => g.item));
        group.forEach((g, i) => g.resolve(answers[i]));
      } catch (error) {
        for (const g of group) g.reject(error);
      }
    }
    running = false;
  };
  return (item: I) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!running) void drain();
    });
}
