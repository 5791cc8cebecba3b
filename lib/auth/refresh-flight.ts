import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * One refresh per session at a time, on the server. The browser's requests of one page (the
 * navigation, prefetches, the session keeper's refresh, server actions) carry the same session
 * cookie; the first that needs a refresh spends the refresh token, the others wait for its
 * result and receive the same new pair, and so does any request that still carries the old
 * cookie for a few seconds after (it was sent before the new cookie arrived). Nothing presents a
 * spent token, so the app works with REFRESH_REUSE_GRACE_SECONDS=0.
 *
 * Kept on globalThis: the proxy and the app are separate bundles in one process.
 */
export const REFRESH_RESULT_MEMO_MS = 8_000;

interface Flight<T> {
  promise: Promise<T>;
  /** The refresh's clock (the session's `now`, injectable in tests). */
  startedAt: number;
}

const store = globalThis as typeof globalThis & { [key: symbol]: unknown };
const FLIGHTS = Symbol.for('starloop.refreshFlights');
function flights<T>(): Map<string, Flight<T>> {
  return (store[FLIGHTS] ??= new Map()) as Map<string, Flight<T>>;
}

/**
 * Refreshes `key` (the spent token's hash) once; a caller that arrives while it runs, or within
 * REFRESH_RESULT_MEMO_MS after, gets the same pair. When that pair was itself refreshed since
 * (a late request still carrying a cookie two rotations old), the newest pair of the chain is
 * answered, so a slow response never puts a spent token back into the browser.
 */
export async function refreshLatest<T extends { refreshToken: string }>(key: string, hashOf: (token: string) => string, run: () => Promise<T>, now = Date.now()): Promise<T> {
  let pair = await refreshOnce(key, run, now);
  for (let hops = 0; hops < 5; hops++) {
    const next = flights<T>().get(hashOf(pair.refreshToken));
    if (!next || now - next.startedAt >= REFRESH_RESULT_MEMO_MS) break;
    pair = await next.promise.catch(() => pair);
  }
  return pair;
}

/** Runs `run` once per key at a time; its success is shared for REFRESH_RESULT_MEMO_MS from its start. */
export function refreshOnce<T>(key: string, run: () => Promise<T>, now = Date.now()): Promise<T> {
  const map = flights<T>();
  for (const [k, f] of map) if (Math.abs(now - f.startedAt) >= REFRESH_RESULT_MEMO_MS) map.delete(k);
  const current = map.get(key);
  if (current) return current.promise;
  const flight: Flight<T> = { promise: run(), startedAt: now };
  map.set(key, flight);
  flight.promise.catch(() => {
    // A refusal is not shared: the next request asks the database again (and hears why).
    if (map.get(key) === flight) map.delete(key);
  });
  return flight.promise;
}

/**
 * Where a refreshed session cookie can reach the browser: the proxy (its response carries the
 * cookie, and the page's request gets it too) and the session keeper's refresh route. Elsewhere
 * (server components, route handlers reading the cookie) a refresh would spend the refresh token
 * and drop the new one, so there the session is read as it is.
 */
interface CookieScope {
  refreshed: boolean;
}
const scope = new AsyncLocalStorage<CookieScope>();

export function withCookieWrites<T>(run: () => T): { result: T; scope: CookieScope } {
  const state: CookieScope = { refreshed: false };
  return { result: scope.run(state, run), scope: state };
}

export function cookieWriteScope(): CookieScope | undefined {
  return scope.getStore();
}
