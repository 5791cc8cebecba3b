import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { handleInboundSms } from '@/lib/sending/inbound-sms';
import { verifiedTwilioForm } from '@/lib/sending/twilio-webhooks';
import { sendSms } from '@/lib/messaging/send';

/**
 * POST /api/webhooks/twilio/inbound: an SMS to our number (signature checked). Opt-out and
 * opt-in keywords change consent at once and are confirmed by a reply; Twilio gets empty TwiML.
 * `?inbox=m{id}.{sig}` (signed, and covered by Twilio's signature) names the merchant of a
 * number that serves one merchant only, so unknown senders become that merchant's leads.
 */
export const POST = route({ auth: 'public' }, async (ctx, { request }) => {
  const form = await verifiedTwilioForm(request);
  const result = await handleInboundSms(ctx.db, { from: form.From ?? '', to: form.To ?? '', body: form.Body ?? '', sid: form.MessageSid, webhookKey: new URL(request.url).searchParams.get('inbox') }, ctx.now());
  if (result.reply && form.From) await sendSms(ctx.db, { merchantId: result.merchantId, to: form.From, body: result.reply });
  return new Response('<?xml version="1.0" encoding="UTF-8"?><Response></Response>', { headers: { 'content-type': 'text/xml; charset=utf-8' } });
});

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
