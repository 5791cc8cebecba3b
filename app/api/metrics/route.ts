import crypto from 'node:crypto';
import { AppError } from '@/lib/api/app-error';
import { newRequestId } from '@/lib/api/envelope';
import { notAllowed } from '@/lib/api/not-allowed';
import { routeNotFound } from '@/lib/api/not-found';
import { errorResponse } from '@/lib/api/route';
import { bearerFrom } from '@/lib/auth/tokens';
import { pickLocale } from '@/lib/i18n/locales';
import { translatorFor } from '@/lib/i18n/translator';
import { METRICS_CONTENT_TYPE, scrapeMetrics } from '@/lib/observability/metrics';

/** Shorter tokens count as unset: a guessable scrape token would publish the figures. */
const MIN_TOKEN_LENGTH = 32;

/**
 * GET /api/metrics: the Prometheus scrape (`Authorization: Bearer $METRICS_TOKEN`). Without a
 * token configured the route does not exist (404 like any unknown path); a wrong one is 401.
 * Outside route() so scrapes stay out of the request histogram they report.
 */
export async function GET(request: Request): Promise<Response> {
  const token = process.env.METRICS_TOKEN?.trim() ?? '';
  if (token.length < MIN_TOKEN_LENGTH) return routeNotFound(request);
  if (!sameToken(bearerFrom(request.headers.get('authorization')) ?? '', token)) {
    return errorResponse(new AppError('UNAUTHORIZED'), translatorFor(pickLocale(request.headers.get('accept-language'))), newRequestId());
  }
  return new Response(await scrapeMetrics(), { status: 200, headers: { 'content-type': METRICS_CONTENT_TYPE, 'cache-control': 'no-store' } });
}

// Hashed first: equal lengths for timingSafeEqual, and no early exit on a length mismatch.
function sameToken(given: string, expected: string): boolean {
  const digest = (s: string) => crypto.createHash('sha256').update(s).digest();
  return crypto.timingSafeEqual(digest(given), digest(expected));
}

const notServed = notAllowed('GET');
export { notServed as POST, notServed as PUT, notServed as PATCH, notServed as DELETE };
