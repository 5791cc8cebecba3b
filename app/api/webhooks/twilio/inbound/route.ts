import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { EMPTY_TWIML, receiveTwilioSms } from '@/lib/inbox/twilio-inbound';
import { verifiedTwilioForm } from '@/lib/sending/twilio-webhooks';

/**
 * POST /api/webhooks/twilio/inbound: an SMS or MMS to our number (signature checked). Opt-out and
 * opt-in keywords change consent at once and are confirmed by a text, shown in the thread; Twilio
 * gets empty TwiML, also when it refuses the confirmation (21610).
 * `?inbox=m{id}.{sig}` (signed, and covered by Twilio's signature) names the merchant of a
 * number that serves one merchant only, so unknown senders become that merchant's leads.
 */
export const POST = route({ auth: 'public' }, async (ctx, { request }) => {
  const form = await verifiedTwilioForm(request);
  await receiveTwilioSms(ctx.db, form, new URL(request.url).searchParams.get('inbox'), ctx.now());
  return new Response(EMPTY_TWIML, { headers: { 'content-type': 'text/xml; charset=utf-8' } });
});

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
