import { notAllowed } from '@/lib/api/not-allowed';
import { envelopeResponse } from '@/lib/api/envelope';
import { newRequestId } from '@/lib/observability/request-id';
import { pickLocale } from '@/lib/i18n/locales';
import { translatorFor } from '@/lib/i18n/translator';

/**
 * GET /api/health: the process answers (liveness). Public, no database, no data: outside route()
 * on purpose, which opens the database for every call.
 */
export async function GET(request: Request): Promise<Response> {
  const t = translatorFor(pickLocale(request.headers.get('accept-language')));
  return envelopeResponse(200, 200, t('common.success'), { status: 'ok' }, newRequestId());
}

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('GET');
export { notServed as POST, notServed as PUT, notServed as PATCH, notServed as DELETE };
