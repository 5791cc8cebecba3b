import { route } from '@/lib/api/route';
import { handleInboundSms } from '@/lib/sending/inbound-sms';
import { verifiedTwilioForm } from '@/lib/sending/twilio-webhooks';
import { sendSms } from '@/lib/messaging/send';

/**
 * POST /api/webhooks/twilio/inbound: an SMS to our number (signature checked). Opt-out and
 * opt-in keywords change consent at once and are confirmed by a reply; Twilio gets empty TwiML.
 */
export const POST = route({ auth: 'public' }, async (ctx, { request }) => {
  const form = await verifiedTwilioForm(request);
  const result = await handleInboundSms(ctx.db, { from: form.From ?? '', to: form.To ?? '', body: form.Body ?? '', sid: form.MessageSid }, ctx.now());
  if (result.reply && form.From) await sendSms(ctx.db, { merchantId: result.merchantId, to: form.From, body: result.reply });
  return new Response('<?xml version="1.0" encoding="UTF-8"?><Response></Response>', { headers: { 'content-type': 'text/xml; charset=utf-8' } });
});
