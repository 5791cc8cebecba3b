import { getDb } from '@/db/client';
import { AppError } from '@/lib/errors/app-error';
import { newRequestId } from '@/lib/observability/request-id';
import { notAllowed } from '@/lib/api/not-allowed';
import { routeNotFound } from '@/lib/api/not-found';
import { errorResponse } from '@/lib/api/route';
import { pickLocale } from '@/lib/i18n/locales';
import { translatorFor } from '@/lib/i18n/translator';
import { METRICS_CONTENT_TYPE, scrapeMetrics } from '@/lib/observability/metrics';
import { metricsAccess } from '@/lib/observability/metrics-access';
import { oldestQueuedAgeSeconds } from '@/lib/sending/queue';

/**
 * GET /api/metrics: the Prometheus scrape (`Authorization: Bearer $METRICS_TOKEN`). Without a
 * token configured the route does not exist (404 like any unknown path); a wrong one is 401.
 * Outside route() so scrapes stay out of the request histogram they report.
 */
export async function GET(request: Request): Promise<Response> {
  const access = metricsAccess(request.headers.get('authorization'));
  if (access === 'unconfigured') return routeNotFound(request);
  if (access === 'denied') {
    return errorResponse(new AppError('UNAUTHORIZED'), translatorFor(pickLocale(request.headers.get('accept-language'))), newRequestId());
  }
  const figures = { oldestQueuedAgeSeconds: await oldestQueuedAgeSeconds(await getDb()) };
  return new Response(await scrapeMetrics(figures), { status: 200, headers: { 'content-type': METRICS_CONTENT_TYPE, 'cache-control': 'no-store' } });
}

const notServed = notAllowed('GET');
export { notServed as POST, notServed as PUT, notServed as PATCH, notServed as DELETE };
