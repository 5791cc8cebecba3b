/** A counting semaphore: at most `size` holders at once, the others served in arrival order. */
export interface Slots {
  take(): Promise<void>;
  give(): void;
}

export function createSlots(size: number): Slots {
  let free = Math.max(1, Math.floor(size));
  const queue: (() => void)[] = [];
  return {
    take() {
      if (free > 0) {
        free--;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => queue.push(resolve));
    },
    give() {
      const next = queue.shift();
      if (next) next();
      else free++;
    },
  };
}
