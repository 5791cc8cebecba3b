import { setting } from '@/lib/config/settings';
/**
 * The one reader of APP_URL: the product's public address, no trailing slash, default
 * http://127.0.0.1:3000 (README). Every absolute link the app builds (mail and SMS links,
 * tracking, List-Unsubscribe, redirects, OAuth callbacks, post pages) starts here, never from a
 * request's Host or X-Forwarded-Host, which a client or a misconfigured proxy chooses.
 */
export function appUrl(env: NodeJS.ProcessEnv = process.env): string {
  return configuredAppUrl(env) ?? 'http://127.0.0.1:3000';
}

/** APP_URL as set (no trailing slash), or null where it is not: for callers whose fallback differs. */
export function configuredAppUrl(env: NodeJS.ProcessEnv = process.env): string | null {
  return setting('appUrl', env);
}

/** An absolute address on APP_URL for a path of ours ("/p/abc", "sources"). */
export function absoluteUrl(path: string, env: NodeJS.ProcessEnv = process.env): string {
  return `${appUrl(env)}${path.startsWith('/') ? path : `/${path}`}`;
}
