import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { inboundMessageBytes } from '@/lib/inbox/inbound-request';
import { ingestInboundEmail } from '@/lib/inbox/ingest-email';
import { assertInboundSecret } from '@/lib/inbox/webhook-secret';

/**
 * POST /api/webhooks/email/inbound: a raw MIME message (message/rfc822 or text body, or a form
 * field `email`/`raw` as inbound-parse services post it, read as bytes).
 */
export const POST = route({ auth: 'public' }, async (ctx, { request }) => {
  assertInboundSecret(request);
  return ingestInboundEmail(ctx.db, await inboundMessageBytes(request), ctx.now());
});

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
