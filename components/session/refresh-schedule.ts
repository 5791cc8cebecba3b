/** Spec section 9: the browser session's clock. */
export const CHECK_INTERVAL_MS = 10 * 60 * 1000;
export const REFRESH_WITHIN_SECONDS = 15 * 60;
export const ACTIVITY_THROTTLE_MS = 5 * 60 * 1000;
export const WAIT_FOR_REFRESH_MS = 5 * 1000;
export const REFRESH_CALL_TIMEOUT_MS = 10 * 1000;

/** Before a page's own requests: refresh when the access token expires within a minute. */
export const REFRESH_BEFORE_REQUEST_SECONDS = 60;

/** What started a check: the 10-minute timer, or a page load and the user's activity. */
export type CheckReason = 'periodic' | 'activity';

/**
 * How close to its expiry a check refreshes the access token. Only the 10-minute timer looks 15
 * minutes ahead (it may not run again before the token expires); a page load or activity looks a
 * minute ahead, as a request does. An access token lives 15 minutes, so checking every page
 * load against 15 minutes refreshed on every navigation.
 */
export function refreshMarginSeconds(reason: CheckReason): number {
  return reason === 'periodic' ? REFRESH_WITHIN_SECONDS : REFRESH_BEFORE_REQUEST_SECONDS;
}

/** True when the access token (epoch seconds) expires within `withinSeconds` of now (ms). */
export function expiresWithin(expiresAt: number | null | undefined, nowMs: number, withinSeconds = REFRESH_WITHIN_SECONDS): boolean {
  if (!expiresAt) return true;
  return expiresAt * 1000 - nowMs <= withinSeconds * 1000;
}

/** Retries of a refresh that got no answer: 5 s, doubling, at most 2 minutes apart. */
export const RETRY_FIRST_MS = 5 * 1000;
export const RETRY_MAX_MS = 2 * 60 * 1000;

export function retryDelayMs(failures: number): number {
  return Math.min(RETRY_FIRST_MS * 2 ** Math.max(0, failures), RETRY_MAX_MS);
}

/** The server answered the refresh with a refusal (4xx): the session has ended. */
export class RefreshRefused extends Error {
  constructor(readonly status: number) {
    super(`refresh refused (${status})`);
    this.name = 'RefreshRefused';
  }
}

/**
 * Only a refusal ends the session. No answer (offline, asleep, a timeout, waiting for another
 * tab's refresh) or a server error is retried: the refresh token may well still work.
 */
export function endsSession(error: unknown): boolean {
  return error instanceof RefreshRefused;
}

export class RefreshTimeout extends Error {
  constructor() {
    super('waited 5 s for the refresh in progress');
    this.name = 'RefreshTimeout';
  }
}

/**
 * One refresh at a time: a caller arriving while one is in progress waits for it, for at most
 * 5 s (then it counts as a failed refresh, spec section 8), instead of starting a second one
 * that would present the same refresh token again.
 */
export function singleFlight<T>(run: () => Promise<T>, waitMs = WAIT_FOR_REFRESH_MS): () => Promise<T> {
  let inFlight: Promise<T> | null = null;
  return () => {
    if (inFlight) return withTimeout(inFlight, waitMs);
    const started = run().finally(() => {
      inFlight = null;
    });
    inFlight = started;
    return started;
  };
}

/** Lets a call through at most once per `intervalMs` (activity-triggered checks). */
export function throttle(intervalMs: number, now: () => number = Date.now): () => boolean {
  let last = -Infinity;
  return () => {
    const t = now();
    if (t - last < intervalMs) return false;
    last = t;
    return true;
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new RefreshTimeout()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
