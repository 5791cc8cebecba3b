import { fromHeader } from '@/lib/messaging/from-header';
import { selectEmailTransport, selectSmsTransport } from '@/lib/messaging/send';
import type { EmailTransport, SmsTransport } from '@/lib/messaging/types';
import { createRateLimiter, type RateLimiter } from './rate-limiter';

export interface SendingTransports {
  email: EmailTransport;
  sms: SmsTransport;
  emailLimiter: RateLimiter;
  smsLimiter: RateLimiter;
  /** The From header of a merchant's campaign mail: its name on our sending address. */
  from: (merchantName: string) => string;
}

/**
 * The campaign transports from configuration: SMTP (SMTP_URL) or the outbox for e-mail; Twilio
 * (TWILIO_*) or the outbox for SMS; each behind its own rate limit (messages per second).
 */
export function transportsFromEnv(): SendingTransports {
  return {
    email: selectEmailTransport(),
    sms: selectSmsTransport(),
    emailLimiter: createRateLimiter(Number(process.env.EMAIL_RATE_PER_SECOND ?? 50)),
    smsLimiter: createRateLimiter(Number(process.env.SMS_RATE_PER_SECOND ?? 10)),
    from: (merchantName) => fromHeader(merchantName),
  };
}
