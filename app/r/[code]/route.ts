import { getDb } from '@/db/client';
import { absoluteUrl } from '@/lib/app-url';
import { clientAddress } from '@/lib/http/client-address';
import { logError } from '@/lib/observability/log-error';
import { newRequestId } from '@/lib/observability/request-id';
import { isUncountedRequest } from '@/lib/review-links/bots';
import { scanReviewLink, type ScanOutcome } from '@/lib/review-links/scan';

/**
 * GET /r/{code}: a printed review code's short link. Counts the scan (people only, once per
 * address in a short window) and redirects to the location's review link, or to our page of its
 * review sites; an unknown or disabled code goes to the friendly page. Never a 500: a database
 * failure still sends the customer on (to the friendly page, which says to try again).
 */
async function handle(request: Request, { params }: { params: Promise<{ code: string }> }): Promise<Response> {
  const { code } = await params;
  let outcome: ScanOutcome;
  try {
    outcome = await scanReviewLink(await getDb(), {
      code,
      countable: !isUncountedRequest(request.method, request.headers),
      address: clientAddress(request.headers),
      now: new Date(),
    });
  } catch (error) {
    logError(newRequestId(), error);
    outcome = { kind: 'unavailable' };
  }
  const location = outcome.kind === 'redirect' && outcome.target === 'review-link' ? outcome.url : absoluteUrl(`/review/${encodeURIComponent(code.slice(0, 40))}`);
  // 302, not 301: a code turned off or pointed elsewhere must not stay cached in the phone.
  return new Response(null, { status: 302, headers: { location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', 'x-robots-tag': 'noindex' } });
}

export const GET = handle;
export const HEAD = handle;
