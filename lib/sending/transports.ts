import type { Db } from '@/db/client';
import { fromHeader } from '@/lib/messaging/from-header';
import { selectEmailTransport, selectSmsTransport } from '@/lib/messaging/send';
import type { EmailTransport, SmsTransport } from '@/lib/messaging/types';
import { createGlobalRateLimiter } from './global-rate';
import { createRateLimiter, type RateLimiter } from './rate-limiter';
import { setting } from '@/lib/config/settings';

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
 * (TWILIO_*) or the outbox for SMS; each behind its rate (EMAIL_RATE_PER_SECOND,
 * SMS_RATE_PER_SECOND; 0: none). Given the database, the rate holds for every process using it
 * together (lib/sending/global-rate.ts); without, for this process alone.
 */
export function transportsFromEnv(db?: Db): SendingTransports {
  const emailRate = setting('emailRatePerSecond');
  const smsRate = setting('smsRatePerSecond');
  return {
    email: selectEmailTransport(),
    sms: selectSmsTransport(),
    emailLimiter: db ? createGlobalRateLimiter(db, 'email', emailRate) : createRateLimiter(emailRate),
    smsLimiter: db ? createGlobalRateLimiter(db, 'sms', smsRate) : createRateLimiter(smsRate),
    from: (merchantName) => fromHeader(merchantName),
  };
}
