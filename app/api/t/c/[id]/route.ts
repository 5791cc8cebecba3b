import { notAllowed } from '@/lib/api/not-allowed';
import { absoluteUrl } from '@/lib/app-url';
import { getDb } from '@/db/client';
import { logError } from '@/lib/observability/log-error';
import { newRequestId } from '@/lib/observability/request-id';
import { clickRedirectTarget, verifyClick } from '@/lib/sending/tracking';
import { recordClick } from '@/lib/sending/tracking-events';

/**
 * GET /api/t/c/{deliveryId}?u=&s=: records the click and redirects to the signed target. A link
 * whose signature does not match goes to our home page (APP_URL, never the request's Host), never
 * to an address an attacker chose; so does a signed target that is no http(s) URL.
 */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const url = new URL(request.url);
  const deliveryId = Number(id);
  const signed = Number.isSafeInteger(deliveryId) && deliveryId > 0 ? verifyClick(deliveryId, url.searchParams.get('u') ?? '', url.searchParams.get('s') ?? '') : null;
  const target = signed ? clickRedirectTarget(signed) : null;
  if (!target) return new Response(null, { status: 302, headers: { location: absoluteUrl('/'), 'cache-control': 'no-store' } });
  try {
    await recordClick(await getDb(), deliveryId, new Date());
  } catch (error) {
    logError(newRequestId(), error);
  }
  return new Response(null, { status: 302, headers: { location: target, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' } });
}

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('GET');
export { notServed as POST, notServed as PUT, notServed as PATCH, notServed as DELETE };
