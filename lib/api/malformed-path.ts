import { envelopeResponse } from './envelope';
import { escapeHtml } from '@/lib/messaging/layout';
import { isLocale, pickLocale } from '@/lib/i18n/locales';
import { translatorFor } from '@/lib/i18n/translator';
import { newRequestId } from '@/lib/observability/request-id';
import { API_CONTENT_SECURITY_POLICY } from '@/lib/security/headers';

/**
 * Whether a segment of a request path does not percent-decode: a stray `%` (`%ZZ`) or escaped bytes
 * that are not UTF-8 (`%C0%AF`, a lone surrogate `%ED%A0%80`). Next.js decodes dynamic segments
 * before any route or page runs and answers such a path with a plain-text 500, so proxy.ts refuses
 * it first. Checked per segment, as Next.js decodes them.
 */
export function isMalformedPath(pathname: string): boolean {
  if (!pathname.includes('%')) return false;
  for (const segment of pathname.split('/')) {
    try {
      decodeURIComponent(segment);
    } catch {
      return true;
    }
  }
  return false;
}

/**
 * The answer to an /api path that does not decode: the 400 envelope (BAD_REQUEST, the request as
 * a whole is unusable, and retrying cannot help: the message says why), in the caller's language.
 */
export function malformedApiPathResponse(request: Request): Response {
  const t = translatorFor(pickLocale(request.headers.get('accept-language')));
  return envelopeResponse(400, 400, t('errors.malformedPath'), null, newRequestId());
}

/**
 * The answer to a page path that does not decode: 404 with a plain page in the visitor's language
 * (the locale cookie, else Accept-Language, as pages choose). Not the app's not-found page: a
 * proxy rewrite to it goes out as an outside request when the server listens on 127.0.0.1 or
 * 0.0.0.0 (Next.js writes the rewrite's host as localhost), and there it meets the sign-in redirect.
 * No script and no style, so the strictest policy fits.
 */
export function malformedPagePathResponse(request: Request, localeCookie?: string): Response {
  const locale = isLocale(localeCookie) ? localeCookie : pickLocale(request.headers.get('accept-language'));
  const t = translatorFor(locale);
  const html =
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(t('shell.notFound.metaTitle'))}</title></head>` +
    `<body><h1>${escapeHtml(t('shell.notFound.title'))}</h1><p>${escapeHtml(t('shell.notFound.description'))}</p>` +
    `<p><a href="/">${escapeHtml(t('common.backHome'))}</a></p></body></html>`;
  return new Response(html, {
    status: 404,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-security-policy': API_CONTENT_SECURITY_POLICY },
  });
}
