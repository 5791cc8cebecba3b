import { mailTransportMode } from '@/lib/config/mail-mode';
import { twilioConfigFromEnv } from './twilio-transport';

/**
 * Which channels keep their messages in the outbox instead of delivering them: e-mail without
 * SMTP (or with MAIL_TRANSPORT=outbox), SMS without Twilio. The signed-in shell shows a banner
 * while any is, in every environment: a merchant must never believe a kept message was sent.
 */
export function outboxChannels(): { email: boolean; sms: boolean } {
  return { email: mailTransportMode() === 'outbox', sms: !twilioConfigFromEnv() };
}
