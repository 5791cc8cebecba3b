'use client';

import { useEffect, useRef } from 'react';
import type { SignedInUser } from '@/lib/auth/signed-in-user';
import { SignedInUserContext } from './signed-in-user';
import { ACTIVITY_THROTTLE_MS, CHECK_INTERVAL_MS, REFRESH_CALL_TIMEOUT_MS, REFRESH_WITHIN_SECONDS, expiresWithin, singleFlight, throttle } from './refresh-schedule';

export interface SessionKeeperProps {
  user: SignedInUser;
  /** Access token expiry, epoch seconds (from the server's session). */
  accessTokenExpires: number | null;
  children: React.ReactNode;
}

/**
 * Keeps the browser signed in (spec section 9): every 10 minutes, and on activity at most once
 * per 5 minutes, it refreshes the session when the access token expires within 15 minutes.
 * Concurrent checks share the refresh in progress (waiting at most 5 s). When a refresh fails
 * the server has cleared the session, and the page goes to /login with the login-expired
 * message (never from /portal). Also provides the signed-in user state to client components.
 */
export function SessionKeeper({ user, accessTokenExpires, children }: SessionKeeperProps) {
  const expiresRef = useRef(accessTokenExpires);

  useEffect(() => {
    expiresRef.current = accessTokenExpires;
  }, [accessTokenExpires]);

  useEffect(() => {
    let stopped = false;
    // One refresh per session at a time: within this page (singleFlight) and across its tabs
    // (a Web Lock); a tab that waited gets the same new session from the server's single-flight.
    const refresh = singleFlight(() => acrossTabs(async () => {
      const response = await fetch('/api/session/refresh', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refreshWithin: REFRESH_WITHIN_SECONDS }),
        credentials: 'same-origin',
        signal: AbortSignal.timeout(REFRESH_CALL_TIMEOUT_MS),
      });
      const body = (await response.json().catch(() => null)) as { code?: number; data?: { accessTokenExpires?: number | null } } | null;
      if (!response.ok || Number(body?.code) !== 200 || !body?.data?.accessTokenExpires) throw new Error(`refresh failed (${response.status})`);
      return body.data.accessTokenExpires;
    }));

    const check = async () => {
      if (stopped || !expiresWithin(expiresRef.current, Date.now())) return;
      try {
        expiresRef.current = await refresh();
      } catch (error) {
        // A network blip is not an expired session: only give up once the token has expired.
        if (isNetworkError(error) && !expiresWithin(expiresRef.current, Date.now(), 0)) return;
        if (stopped) return;
        stopped = true;
        // A full load, not a client navigation: nothing of the expired session stays in memory.
        // eslint-disable-next-line @next/next/no-location-assign-relative-destination
        if (!window.location.pathname.startsWith('/portal')) window.location.assign('/login?expired=1');
      }
    };

    const activityAllowed = throttle(ACTIVITY_THROTTLE_MS);
    const onActivity = () => {
      if (document.visibilityState === 'visible' && activityAllowed()) void check();
    };
    const timer = window.setInterval(() => void check(), CHECK_INTERVAL_MS);
    const events = ['pointerdown', 'keydown', 'focus'] as const;
    for (const event of events) window.addEventListener(event, onActivity, { passive: true });
    document.addEventListener('visibilitychange', onActivity);
    void check();
    return () => {
      stopped = true;
      window.clearInterval(timer);
      for (const event of events) window.removeEventListener(event, onActivity);
      document.removeEventListener('visibilitychange', onActivity);
    };
  }, []);

  return <SignedInUserContext.Provider value={user}>{children}</SignedInUserContext.Provider>;
}

function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError'));
}

/** Runs `run` under the session's Web Lock when the browser has Web Locks, else directly. */
function acrossTabs<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request('starloop-session-refresh', run) : run();
}
