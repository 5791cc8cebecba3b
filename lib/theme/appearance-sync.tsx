'use client';

import { useEffect } from 'react';
import { APPEARANCE_COOKIE, appearanceCookieValue, writeAppearanceCookie, type Appearance } from './appearance';

/**
 * Keeps the `appearance` cookie equal to what the server rendered (the user's saved choice after
 * a sign-in in a new browser), so pages rendered without a session still show it.
 */
export function AppearanceSync({ appearance }: { appearance: Appearance }) {
  useEffect(() => {
    const wanted = appearanceCookieValue(appearance);
    const current = document.cookie.split('; ').find((c) => c.startsWith(`${APPEARANCE_COOKIE}=`))?.slice(APPEARANCE_COOKIE.length + 1);
    if (current !== wanted) writeAppearanceCookie(appearance);
  }, [appearance]);
  return null;
}
