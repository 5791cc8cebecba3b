/** A transport's rate: `take()` resolves when the next message may go. */
export interface RateLimiter {
  take(): Promise<void>;
}

export interface Clock {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

/**
 * A token bucket: at most `perSecond` messages a second, with a burst of one second's worth, for
 * this process alone (lib/sending/global-rate.ts shares a rate between processes). Clock and sleep
 * are injectable for tests.
 */
export function createRateLimiter(perSecond: number, clock: Clock = realClock): RateLimiter {
  if (!(perSecond > 0) || !Number.isFinite(perSecond)) return { take: async () => {} };
  const capacity = Math.max(1, perSecond);
  let tokens = capacity;
  let last = clock.now();
  let queue: Promise<void> = Promise.resolve();
  const refill = () => {
    const now = clock.now();
    tokens = Math.min(capacity, tokens + ((now - last) / 1000) * perSecond);
    last = now;
  };
  const takeOne = async () => {
    refill();
    while (tokens < 1) {
      await clock.sleep(Math.ceil(((1 - tokens) / perSecond) * 1000));
      refill();
    }
    tokens -= 1;
  };
  return {
    take() {
      // Callers are served in order: each waits for the previous one's token.
      queue = queue.then(takeOne);
      return queue;
    },
  };
}

export const realClock: Clock = { now: () => Date.now(), sleep: (ms: number) => new Promise<void>((r) => setTimeout(r, ms)) };
