import { cookies } from 'next/headers';
import { DEFAULT_THEME, THEME_COOKIE, isTheme, type Theme } from './theme';

/** The visitor's appearance choice from the `theme` cookie (server components). */
export async function readTheme(): Promise<Theme> {
  const value = (await cookies()).get(THEME_COOKIE)?.value;
  return isTheme(value) ? value : DEFAULT_THEME;
}
