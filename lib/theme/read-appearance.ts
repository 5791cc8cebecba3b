import { cache } from 'react';
import { cookies } from 'next/headers';
import { currentSession } from '@/lib/auth/session';
import { APPEARANCE_COOKIE, parseAppearanceCookie, type Appearance } from './appearance';
import { loadAppearance } from './appearance-store';

/**
 * The appearance to render (server components): the signed-in user's saved choice, else the
 * cookie that mirrors the last one this browser saw (the login page after sign-out). Cached per
 * request: the root layout and the settings page share it.
 */
export const readAppearance = cache(async (): Promise<Appearance> => {
  const session = await currentSession();
  if (session) return loadAppearance(session.ctx.db, session.user.userId);
  return parseAppearanceCookie((await cookies()).get(APPEARANCE_COOKIE)?.value);
});
