import { AppError } from '@/lib/api/app-error';
import type { Translate } from '@/lib/i18n/translator';

/** Why the browser sign-in was refused, as it travels from Auth.js's authorize to the login action. */
export interface LoginRefusal {
  code: 'invalid_input' | 'bad_credentials' | 'rate_limited';
  /** Seconds until the next attempt (rate_limited), the same wait the API's 429 answers. */
  retryAfter?: number;
}

/** The refusal of the login service's AppError (455 wrong password, 429 slowed down). */
export function loginRefusalOf(error: AppError): LoginRefusal {
  if (error.code !== 'TOO_MANY_REQUESTS') return { code: 'bad_credentials' };
  const wait = Number(error.options.details?.retryAfter);
  return { code: 'rate_limited', retryAfter: Number.isFinite(wait) && wait > 0 ? Math.ceil(wait) : undefined };
}

/** The login form's message: with the wait in seconds, like the API's 429 message. */
export function loginRefusalMessage(refusal: Partial<LoginRefusal>, t: Translate): string {
  if (refusal.code !== 'rate_limited') return t('errors.auth.badCredentials');
  return refusal.retryAfter ? t('accounts.errors.loginRateLimited', { seconds: refusal.retryAfter }) : t('login.rateLimited');
}
