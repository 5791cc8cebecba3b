import type { InboxMedia } from '@/db/schema/inbox';
import type { InboundSms } from './inbound-sms';

/** Twilio sends at most 10 media per MMS. */
export const MAX_MMS_MEDIA = 10;
/** Twilio's longest message is 1,600 characters; anything longer is cut, not refused. */
const MAX_BODY = 10_000;
/** E.164 is 16 characters; channel addresses (`whatsapp:+1...`) a little more. */
const MAX_ADDRESS = 64;
const MAX_URL = 2_048;
const SID = /^[A-Za-z0-9]{1,64}$/;
const CONTENT_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,63}$/;

/**
 * The message in a (signature-checked) Twilio inbound webhook, every field bounded: whatever a
 * form holds, the result can be stored. Media come from NumMedia, MediaUrlN and
 * MediaContentTypeN; a URL that is not http(s) is dropped, an odd content type becomes
 * application/octet-stream. No phone parsing here: Twilio sends E.164, stored as sent.
 */
export function inboundSmsFromTwilio(form: Record<string, string>, webhookKey: string | null): InboundSms {
  const sid = form.MessageSid ?? form.SmsMessageSid ?? form.SmsSid ?? '';
  return {
    from: address(form.From),
    to: address(form.To),
    body: (form.Body ?? '').slice(0, MAX_BODY),
    sid: SID.test(sid) ? sid : undefined,
    media: mediaOf(form),
    optOutType: form.OptOutType ?? null,
    webhookKey,
  };
}

function address(value: string | undefined): string {
  const trimmed = (value ?? '').trim();
  return trimmed.length <= MAX_ADDRESS ? trimmed : '';
}

function mediaOf(form: Record<string, string>): InboxMedia[] {
  const declared = /^\d{1,2}$/.test((form.NumMedia ?? '').trim()) ? Number(form.NumMedia) : MAX_MMS_MEDIA;
  const count = Math.min(declared, MAX_MMS_MEDIA);
  const media: InboxMedia[] = [];
  for (let i = 0; i < count; i++) {
    const url = httpUrl(form[`MediaUrl${i}`]);
    if (url) media.push({ url, contentType: contentType(form[`MediaContentType${i}`]) });
  }
  return media;
}

function httpUrl(value: string | undefined): string | null {
  if (!value || value.length > MAX_URL) return null;
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.href.length <= MAX_URL ? url.href : null;
  } catch {
    return null;
  }
}

function contentType(value: string | undefined): string {
  const type = (value ?? '').split(';')[0].trim().toLowerCase();
  return CONTENT_TYPE.test(type) ? type : 'application/octet-stream';
}
