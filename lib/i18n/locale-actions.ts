'use server';

import { cookies, headers } from 'next/headers';
import { isHttpsRequest } from '@/lib/security/headers';
import { LOCALE_COOKIE, isLocale } from './locales';
import { configuredAppUrl } from '@/lib/app-url';

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/** Remembers the user's language choice (spec section 9: the first choice follows the browser, then the cookie wins). */
export async function setLocaleAction(locale: string): Promise<{ ok: boolean }> {
  if (!isLocale(locale)) return { ok: false };
  // Only the server reads it (HttpOnly); Secure whenever the browser came over HTTPS.
  const secure = isHttpsRequest(await headers(), configuredAppUrl() ?? '');
  (await cookies()).set(LOCALE_COOKIE, locale, { path: '/', maxAge: ONE_YEAR_SECONDS, sameSite: 'lax', httpOnly: true, secure });
  return { ok: true };
}
