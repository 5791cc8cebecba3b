import { pickLocale } from '@/lib/i18n/locales';
import { translatorFor } from '@/lib/i18n/translator';
import { envelopeResponse } from './envelope';
import { newRequestId } from '@/lib/observability/request-id';

/**
 * A handler for the methods a route does not serve: the 405 envelope with an Allow header, where
 * Next.js alone would answer an empty body. `export const DELETE = notAllowed('GET', 'POST');`
 */
export function notAllowed(...allowed: string[]) {
  return async function methodNotAllowed(request: Request): Promise<Response> {
    const t = translatorFor(pickLocale(request.headers.get('accept-language')));
    return envelopeResponse(405, 405, t('errors.http.405'), null, newRequestId(), { allow: allowed.join(', ') });
  };
}
