import { setting } from '@/lib/config/settings';
/**
 * A token bucket: `capacity` calls, refilled evenly over `intervalMs` (Google's Business Profile
 * quota is 300 queries per minute per project). `take()` waits until a token is free.
 * Per process: several instances each keep under their own bucket, so set the capacity to the
 * quota divided by the number of instances that sync (GBP_QUOTA_PER_MINUTE).
 */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly capacity: number,
    private readonly intervalMs: number,
    private readonly clock: () => number = Date.now,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {
    this.tokens = capacity;
    this.last = clock();
  }

  private refill(): void {
    const now = this.clock();
    const gained = ((now - this.last) / this.intervalMs) * this.capacity;
    this.tokens = Math.min(this.capacity, this.tokens + gained);
    this.last = now;
  }

  /** Milliseconds until one token is free (0 if one is free now). */
  waitTime(): number {
    this.refill();
    return this.tokens >= 1 ? 0 : Math.ceil(((1 - this.tokens) / this.capacity) * this.intervalMs);
  }

  async take(): Promise<void> {
    for (;;) {
      const wait = this.waitTime();
      if (wait === 0) {
        this.tokens -= 1;
        return;
      }
      await this.sleep(wait);
    }
  }
}

const store = globalThis as unknown as { __starloopGbpBucket?: TokenBucket };

export function gbpBucket(): TokenBucket {
  store.__starloopGbpBucket ??= new TokenBucket(setting('gbpQuotaPerMinute'), 60_000);
  return store.__starloopGbpBucket;
}
