import { describe, expect, it } from 'vitest';
import { RETRY_MAX_MS, RefreshRefused, RefreshTimeout, endsSession, retryDelayMs } from '@/components/session/refresh-schedule';
import { announcedUser, sessionChanged } from '@/components/session/session-change';

describe('the session keeper after a refresh failed', () => {
  it('ends the session only on a refusal, never for no answer', () => {
    expect(endsSession(new RefreshRefused(401))).toBe(true);
    expect(endsSession(new RefreshRefused(403))).toBe(true);
    expect(endsSession(new TypeError('Failed to fetch'))).toBe(false);
    expect(endsSession(new DOMException('timed out', 'TimeoutError'))).toBe(false);
    expect(endsSession(new RefreshTimeout())).toBe(false);
    expect(endsSession(new Error('refresh failed (503)'))).toBe(false);
  });

  it('retries after 5 s, doubling, at most 2 minutes apart', () => {
    expect([0, 1, 2, 3].map(retryDelayMs)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelayMs(10)).toBe(RETRY_MAX_MS);
  });
});

describe("a tab whose browser session changed user", () => {
  it('reads announcements of a user id or of no session, and ignores anything else', () => {
    expect(announcedUser({ userId: 7 })).toBe(7);
    expect(announcedUser({ userId: null })).toBeNull();
    for (const junk of [null, 'x', {}, { userId: '7' }, { userId: 1.5 }]) expect(announcedUser(junk)).toBeUndefined();
  });

  it('reloads for another user or none, never for its own or an unknown answer', () => {
    expect(sessionChanged(7, 8)).toBe(true);
    expect(sessionChanged(7, null)).toBe(true);
    expect(sessionChanged(7, 7)).toBe(false);
    expect(sessionChanged(7, undefined)).toBe(false);
  });
});
