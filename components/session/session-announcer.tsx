'use client';

import { useEffect } from 'react';

/**
 * On the pages outside the signed-in shell (sign-in, invitation): tells open signed-in tabs
 * whose session this browser holds (null: none, e.g. just signed out), so a tab showing another
 * user loads again.
 */
export function SessionAnnouncer({ userId }: { userId: number | null }) {
  // Loaded after the page (first-load JavaScript): the other tabs hear of it a moment later.
  useEffect(() => {
    void import('./session-watch').then(({ announceSessionUser }) => announceSessionUser(userId));
  }, [userId]);
  return null;
}
