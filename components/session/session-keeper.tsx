'use client';

import { useEffect, useRef } from 'react';
import type { SignedInUser } from '@/lib/auth/signed-in-user';
import { SignedInUserContext } from './signed-in-user';
import { ACTIVITY_THROTTLE_MS, CHECK_INTERVAL_MS, REFRESH_CALL_TIMEOUT_MS, RefreshRefused, endsSession, expiresWithin, refreshMarginSeconds, retryDelayMs, singleFlight, throttle, type CheckReason } from './refresh-schedule';
import { sessionChanged } from './session-change';

export interface SessionKeeperProps {
  user: SignedInUser;
  /** Access token expiry, epoch seconds (from the server's session). */
  accessTokenExpires: number | null;
  children: React.ReactNode;
}

/**
 * Keeps the browser signed in (the product keeps a session alive while it is used): every 10 minutes it refreshes the session when
 * the access token expires within 15 minutes; on a page load and on activity (at most once per
 * 5 minutes) when it expires within a minute, so navigating does not refresh each time.
 * Concurrent checks share the refresh in progress (waiting at most 5 s). A refresh without an
 * answer (offline, asleep) is retried with a backoff and when the connection is back; only a
 * refusal ends the session: the server has cleared it, and the page goes to /login with the
 * login-expired message (never from /portal). When the browser's session now belongs to another
 * user (signed in or out in another tab), the page loads again as that session.
 * Also provides the signed-in user state to client components.
 */
export function SessionKeeper({ user, accessTokenExpires, children }: SessionKeeperProps) {
  const expiresRef = useRef(accessTokenExpires);
  const userId = user.userId;

  useEffect(() => {
    expiresRef.current = accessTokenExpires;
  }, [accessTokenExpires]);

  // A full load: nothing of the other user's page stays in memory, nor writes as the new one.
  // Loaded after the page: it is no part of the first paint (first-load JavaScript, issue 22).
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./session-watch').then(({ watchSessionUser }) => {
      if (!cancelled) stop = watchSessionUser(userId, () => window.location.reload());
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId]);

  useEffect(() => {
    let stopped = false;
    let failures = 0;
    let retryTimer: number | undefined;
    let retryReason: CheckReason = 'activity';
    // One refresh per session at a time: within this page (singleFlight) and across its tabs
    // (a Web Lock); a tab that waited gets the same new session from the server's single-flight.
    let margin = refreshMarginSeconds('activity');
    const refresh = singleFlight(() => acrossTabs(() => callRefresh(margin)));

    const retryLater = () => {
      if (retryTimer !== undefined) return;
      retryTimer = window.setTimeout(() => {
        retryTimer = undefined;
        void check(retryReason);
      }, retryDelayMs(failures++));
    };

    const check = async (reason: CheckReason) => {
      margin = refreshMarginSeconds(reason);
      if (stopped || !expiresWithin(expiresRef.current, Date.now(), margin)) return;
      try {
        const answer = await refresh();
        failures = 0;
        expiresRef.current = answer.accessTokenExpires;
        if (sessionChanged(userId, answer.userId)) window.location.reload();
      } catch (error) {
        if (stopped) return;
        if (!endsSession(error)) {
          retryReason = reason;
          return retryLater();
        }
        stopped = true;
        // A full load, not a client navigation: nothing of the expired session stays in memory.
        // eslint-disable-next-line @next/next/no-location-assign-relative-destination
        if (!window.location.pathname.startsWith('/portal')) window.location.assign('/login?expired=1');
      }
    };

    const onOnline = () => {
      window.clearTimeout(retryTimer);
      retryTimer = undefined;
      void check(retryReason);
    };
    const activityAllowed = throttle(ACTIVITY_THROTTLE_MS);
    const onActivity = () => {
      if (document.visibilityState === 'visible' && activityAllowed()) void check('activity');
    };
    const timer = window.setInterval(() => void check('periodic'), CHECK_INTERVAL_MS);
    const events = ['pointerdown', 'keydown', 'focus'] as const;
    for (const event of events) window.addEventListener(event, onActivity, { passive: true });
    document.addEventListener('visibilitychange', onActivity);
    window.addEventListener('online', onOnline);
    void check('activity');
    return () => {
      stopped = true;
      window.clearInterval(timer);
      window.clearTimeout(retryTimer);
      for (const event of events) window.removeEventListener(event, onActivity);
      document.removeEventListener('visibilitychange', onActivity);
      window.removeEventListener('online', onOnline);
    };
  }, [userId]);

  return <SignedInUserContext.Provider value={user}>{children}</SignedInUserContext.Provider>;
}

interface RefreshAnswer {
  accessTokenExpires: number;
  /** The session's user after the refresh. */
  userId: number | null | undefined;
}

/** POST /api/session/refresh: a 4xx answer is a refusal; no answer or a 5xx throws otherwise. */
async function callRefresh(refreshWithin: number): Promise<RefreshAnswer> {
  const response = await fetch('/api/session/refresh', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refreshWithin }),
    credentials: 'same-origin',
    signal: AbortSignal.timeout(REFRESH_CALL_TIMEOUT_MS),
  });
  if (response.status >= 400 && response.status < 500) throw new RefreshRefused(response.status);
  const body = (await response.json().catch(() => null)) as { code?: number; data?: { accessTokenExpires?: number | null; userId?: number | null } } | null;
  if (!response.ok || Number(body?.code) !== 200 || !body?.data?.accessTokenExpires) throw new Error(`refresh failed (${response.status})`);
  return { accessTokenExpires: body.data.accessTokenExpires, userId: body.data.userId };
}

/** Runs `run` under the session's Web Lock when the browser has Web Locks, else directly. */
function acrossTabs<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request('starloop-session-refresh', run) : run();
}
