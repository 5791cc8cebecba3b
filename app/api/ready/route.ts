import { getDb } from '@/db/client';
import { notAllowed } from '@/lib/api/not-allowed';
import { envelopeResponse } from '@/lib/api/envelope';
import { newRequestId } from '@/lib/observability/request-id';
import { pickLocale } from '@/lib/i18n/locales';
import { translatorFor } from '@/lib/i18n/translator';
import { checkReadiness, type Readiness } from '@/lib/ops/readiness';

const OPEN_TIMEOUT_MS = 2_000;

/**
 * GET /api/ready: 200 when this process can serve (lib/ops/readiness.ts), else 503 naming the
 * failed checks. Public and without tenant data; outside route(), whose database errors would
 * answer a bare 503 without the names.
 */
export async function GET(request: Request): Promise<Response> {
  const t = translatorFor(pickLocale(request.headers.get('accept-language')));
  const requestId = newRequestId();
  let readiness: Readiness;
  try {
    const db = await Promise.race([getDb(), new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), OPEN_TIMEOUT_MS).unref())]);
    readiness = await checkReadiness(db);
  } catch {
    readiness = { ready: false, failed: ['database'] };
  }
  if (readiness.ready) return envelopeResponse(200, 200, t('common.success'), { status: 'ready', failed: [] }, requestId);
  return envelopeResponse(503, 503, t('errors.http.503'), { status: 'not_ready', failed: readiness.failed }, requestId, { 'retry-after': '5' });
}

const notServed = notAllowed('GET');
export { notServed as POST, notServed as PUT, notServed as PATCH, notServed as DELETE };
