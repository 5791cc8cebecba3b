/**
 * Which user this browser's session belongs to now, as seen from a signed-in page. The session
 * cookie is shared by every tab: a sign-in, sign-out or accepted invitation in one tab changes
 * the user under the others, whose pages still show (and would write as) the previous one.
 * Pages announce their user on a BroadcastChannel; a tab showing another user reloads.
 */
import { announcedUser, sessionChanged } from './session-change';

const CHANNEL = 'starloop-session';
/** How long a focus check waits for its answer. */
const VERIFY_TIMEOUT_MS = 5 * 1000;

/** Tells the other tabs whose session this browser holds now (null: none). */
export function announceSessionUser(userId: number | null): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage({ userId });
  channel.close();
}

/**
 * Watches for a session that is no longer `pageUserId`'s: announcements of other tabs at once,
 * and, when the tab comes back to the front (focus, visibility, a page restored from the
 * back-forward cache), a question to the server. Calls `changed` once. Answers the cleanup.
 */
export function watchSessionUser(pageUserId: number, changed: () => void): () => void {
  let done = false;
  const fire = () => {
    if (done) return;
    done = true;
    changed();
  };
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
  if (channel) {
    channel.onmessage = (event: MessageEvent) => {
      if (sessionChanged(pageUserId, announcedUser(event.data))) fire();
    };
    channel.postMessage({ userId: pageUserId });
  }
  let verifying = false;
  const verify = async () => {
    if (verifying || done || document.visibilityState !== 'visible') return;
    verifying = true;
    try {
      if (sessionChanged(pageUserId, await fetchSessionUser())) fire();
    } finally {
      verifying = false;
    }
  };
  const onFront = () => void verify();
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) void verify();
  };
  window.addEventListener('focus', onFront);
  window.addEventListener('pageshow', onPageShow);
  document.addEventListener('visibilitychange', onFront);
  return () => {
    done = true;
    channel?.close();
    window.removeEventListener('focus', onFront);
    window.removeEventListener('pageshow', onPageShow);
    document.removeEventListener('visibilitychange', onFront);
  };
}

/**
 * The session's user as the server reads the cookie (no refresh, no cookie written), null when
 * there is none, undefined when it could not say (offline, an error): nothing is concluded then.
 */
async function fetchSessionUser(): Promise<number | null | undefined> {
  try {
    const response = await fetch('/api/session/refresh', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifyOnly: true }),
      credentials: 'same-origin',
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
    if (!response.ok) return undefined;
    const body = (await response.json().catch(() => null)) as { data?: unknown } | null;
    return announcedUser(body?.data);
  } catch {
    return undefined;
  }
}
