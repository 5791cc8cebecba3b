import { pickLocale } from '@/lib/i18n/locales';
import { translatorFor } from '@/lib/i18n/translator';
import { envelopeResponse } from './envelope';
import { newRequestId } from '@/lib/observability/request-id';

/**
 * The answer of app/api/[...path]: an /api path no route serves gets the 404 envelope in the
 * caller's language, where Next.js alone would answer its HTML not-found page.
 */
export async function routeNotFound(request: Request): Promise<Response> {
  const t = translatorFor(pickLocale(request.headers.get('accept-language')));
  return envelopeResponse(404, 404, t('errors.http.404'), null, newRequestId());
}
