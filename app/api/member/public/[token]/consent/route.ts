import { notAllowed } from '@/lib/api/not-allowed';
import { isEncodableToken, publicTokenParams } from '@/lib/consent/schema';
import { z } from 'zod';
import { parseOrThrow, route } from '@/lib/api/route';
import { AppError } from '@/lib/errors/app-error';
import { BODY_LIMITS, readBodyText, readFormData } from '@/lib/http/read-body';
import { confirmPublicConsent } from '@/lib/consent/public-consent';
import { unsubscribePageUrl } from '@/lib/consent/unsubscribe-page';
import { consentActions, consentChannels } from '@/db/schema/contacts';

const body = z.object({ action: z.enum(consentActions), channel: z.enum(consentChannels).nullable().optional() });

/**
 * POST /api/member/public/{token}/consent: the contact's own opt-in or opt-out, JSON
 * {action, channel?}. A form body `List-Unsubscribe=One-Click` (RFC 8058) opts out of e-mail only,
 * source 'email-unsubscribe'.
 */
export const POST = route({ auth: 'public', params: publicTokenParams }, async (ctx, { params, request }) => {
  const type = request.headers.get('content-type') ?? '';
  let input: z.infer<typeof body>;
  let oneClick = false;
  if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
    // A body that does not parse as the form its content-type claims is the caller's error (400).
    const form = await readFormData(request, BODY_LIMITS.publicJson);
    if (!form) throw new AppError('BAD_REQUEST');
    const channel = form.get('channel');
    // The header only travels in e-mail, so the one-click opt-out is the e-mail channel's alone.
    oneClick = form.get('List-Unsubscribe') === 'One-Click';
    input = oneClick ? { action: 'optout', channel: 'email' } : parseOrThrow(body, { action: form.get('action'), channel: channel || null });
  } else {
    input = parseOrThrow(body, jsonOrEmpty(await readBodyText(request, BODY_LIMITS.publicJson)));
  }
  return confirmPublicConsent(ctx.db, params.token, input, { ip: ctx.ip, now: ctx.now(), source: oneClick ? 'email-unsubscribe' : 'public-page' });
});

// As before: a body that is not JSON validates as empty (400 with the field errors).
function jsonOrEmpty(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

/**
 * GET and HEAD /api/member/public/{token}/consent: a person who opens the List-Unsubscribe address
 * (mail clients other than the one-click ones do) is sent to the contact's translated page, asking
 * to confirm the e-mail opt-out. Nothing changes here: mail scanners follow links.
 */
export const GET = route({ auth: 'public', params: publicTokenParams }, async (_ctx, { params }) => {
  if (!isEncodableToken(params.token)) throw new AppError('NOT_FOUND');
  return new Response(null, { status: 303, headers: { location: unsubscribePageUrl(params.token), 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' } });
});
export { GET as HEAD };

// The methods this route does not serve answer the 405 envelope with an Allow header (GET implies HEAD).
const notServed = notAllowed('GET', 'POST');
export { notServed as PUT, notServed as PATCH, notServed as DELETE };
