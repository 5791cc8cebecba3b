import { notAllowed } from '@/lib/api/not-allowed';
import { getDb } from '@/db/client';
import { logError } from '@/lib/observability/log-error';
import { newRequestId } from '@/lib/observability/request-id';
import { verifyOpen } from '@/lib/sending/tracking';
import { recordOpen } from '@/lib/sending/tracking-events';

// A transparent 1x1 GIF.
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** GET /api/t/o/{deliveryId}/{signature}.gif: the open pixel. Always answers the image. */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string; sig: string }> }) {
  const { id, sig } = await params;
  const deliveryId = Number(id);
  if (Number.isSafeInteger(deliveryId) && deliveryId > 0 && verifyOpen(deliveryId, sig)) {
    try {
      await recordOpen(await getDb(), deliveryId, new Date());
    } catch (error) {
      logError(newRequestId(), error);
    }
  }
  return new Response(new Uint8Array(PIXEL), { headers: { 'content-type': 'image/gif', 'cache-control': 'no-store, max-age=0' } });
}

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('GET');
export { notServed as POST, notServed as PUT, notServed as PATCH, notServed as DELETE };
