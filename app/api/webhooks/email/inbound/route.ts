import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { AppError } from '@/lib/api/app-error';
import { ingestInboundEmail } from '@/lib/inbox/ingest-email';
import { assertInboundSecret } from '@/lib/inbox/webhook-secret';

const MAX_BYTES = 25 * 1024 * 1024;

/**
 * POST /api/webhooks/email/inbound: a raw MIME message (message/rfc822 or text body, or a form
 * field `email`/`raw` as inbound-parse services post it).
 */
export const POST = route({ auth: 'public' }, async (ctx, { request }) => {
  assertInboundSecret(request);
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE');
  const type = request.headers.get('content-type') ?? '';
  let raw: string | ArrayBuffer;
  if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
    const form = await request.formData().catch(() => {
      throw new AppError('BAD_REQUEST');
    });
    const field = form.get('email') ?? form.get('raw');
    if (field === null) throw new AppError('BAD_REQUEST', 'inbox.errors.noMessage');
    raw = typeof field === 'string' ? field : await field.arrayBuffer();
  } else {
    raw = await request.arrayBuffer();
  }
  if (!raw || (typeof raw === 'string' ? raw.length : raw.byteLength) === 0) throw new AppError('BAD_REQUEST', 'inbox.errors.noMessage');
  return ingestInboundEmail(ctx.db, raw, ctx.now());
});

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
