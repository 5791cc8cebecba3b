import { absoluteUrl } from '@/lib/app-url';
import { smsWebhookKey } from '@/lib/reply-address/reply-address';
import { setting } from '@/lib/config/settings';

/** The inbound SMS webhook Twilio posts to (app/api/webhooks/twilio/inbound/route.ts). */
export const SMS_WEBHOOK_PATH = '/api/webhooks/twilio/inbound';

/**
 * The merchant's own inbound SMS webhook address, on APP_URL: the shared webhook with the
 * merchant's signed key (`?inbox=m42.<sig>`), so a text from a number nobody knows yet still
 * reaches this merchant's inbox. Not a secret: every post to it must also carry Twilio's
 * signature (TWILIO_AUTH_TOKEN), and the key only says which inbox, so any member may see it.
 */
export function smsWebhookAddress(merchantId: number): { url: string; twilioConfigured: boolean } {
  return {
    url: absoluteUrl(`${SMS_WEBHOOK_PATH}?inbox=${encodeURIComponent(smsWebhookKey(merchantId))}`),
    twilioConfigured: Boolean(setting('twilioAuthToken')),
  };
}
