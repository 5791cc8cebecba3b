import crypto from 'node:crypto';
import { bearerFrom } from '@/lib/http/bearer';
import { setting } from '@/lib/config/settings';

/** Shorter tokens count as unset: a guessable scrape token would publish the figures. */
export const MIN_METRICS_TOKEN_LENGTH = 32;

export type MetricsAccess = 'unconfigured' | 'denied' | 'granted';

/**
 * Who may scrape: `Authorization: Bearer $METRICS_TOKEN`. Without a token of 32+ characters the
 * scrape does not exist (GET /api/metrics answers 404, the worker's listener is not started).
 * Shared by the web route and the worker's listener so both apply the same rule.
 */
export function metricsAccess(authorization: string | null | undefined, env: Readonly<Record<string, string | undefined>> = process.env): MetricsAccess {
  const token = metricsToken(env);
  if (!token) return 'unconfigured';
  return sameToken(bearerFrom(authorization) ?? '', token) ? 'granted' : 'denied';
}

export function metricsToken(env: Readonly<Record<string, string | undefined>> = process.env): string | null {
  const token = setting('metricsToken', env) ?? '';
  return token.length >= MIN_METRICS_TOKEN_LENGTH ? token : null;
}

// Hashed first: equal lengths for timingSafeEqual, and no early exit on a length mismatch.
function sameToken(given: string, expected: string): boolean {
  const digest = (s: string) => crypto.createHash('sha256').update(s).digest();
  return crypto.timingSafeEqual(digest(given), digest(expected));
}
