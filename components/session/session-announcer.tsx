'use client';

import { useEffect } from 'react';
import { announceSessionUser } from './session-watch';

/**
 * On the pages outside the signed-in shell (sign-in, invitation): tells open signed-in tabs
 * whose session this browser holds (null: none, e.g. just signed out), so a tab showing another
 * user loads again.
 */
export function SessionAnnouncer({ userId }: { userId: number | null }) {
  useEffect(() => {
    announceSessionUser(userId);
  }, [userId]);
  return null;
}
