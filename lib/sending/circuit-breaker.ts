/**
 * A transport's circuit breaker, per process. Consecutive connection-level failures (refused,
 * connect or greeting timeout, provider 5xx) open it: while open, the dispatcher claims no rows of
 * that channel, so they stay `queued` instead of waiting in `sending` for timeouts. After a short
 * cool-down it is half-open: one probe message may go; its success closes the breaker, its
 * failure opens it again for another cool-down.
 */
export type BreakerState = 'closed' | 'open' | 'half-open';

export interface CircuitBreaker {
  state(): BreakerState;
  /** In half-open state, the one probe's permission (true once per cool-down); closed: always true. */
  takeProbe(): boolean;
  /** The probe taken was not used (nothing of that channel was due, or it never reached the transport). */
  returnProbe(): void;
  success(): void;
  failure(): void;
}

export interface BreakerOptions {
  /** Consecutive failures that open it (default 3). */
  threshold?: number;
  /** How long it stays open before a probe (default 1.5 s). */
  coolDownMs?: number;
  now?: () => number;
}

const PROBE_EXPIRY_MS = 10_000;

export function createCircuitBreaker(options: BreakerOptions = {}): CircuitBreaker {
  const threshold = options.threshold ?? 3;
  const coolDownMs = options.coolDownMs ?? 1_500;
  const clock = options.now ?? (() => performance.now());
  let failures = 0;
  let openedAt: number | null = null;
  // When the probe was let through; a probe that never reports (skipped, released) expires.
  let probing: number | null = null;
  const state = (): BreakerState => (openedAt === null ? 'closed' : clock() - openedAt < coolDownMs ? 'open' : 'half-open');
  return {
    state,
    takeProbe() {
      const s = state();
      if (s === 'closed') return true;
      if (s === 'open' || (probing !== null && clock() - probing < PROBE_EXPIRY_MS)) return false;
      probing = clock();
      return true;
    },
    returnProbe() {
      probing = null;
    },
    success() {
      failures = 0;
      openedAt = null;
      probing = null;
    },
    failure() {
      failures++;
      probing = null;
      if (openedAt !== null || failures >= threshold) openedAt = clock();
    },
  };
}
