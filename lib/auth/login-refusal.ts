import { AppError } from '@/lib/errors/app-error';
import type { Translate } from '@/lib/i18n/translator';

/** Why the browser sign-in was refused, as it travels from Auth.js's authorize to the login action. */
export interface LoginRefusal {
  code: 'invalid_input' | 'bad_credentials' | 'rate_limited' | 'two_factor_required' | 'code_wrong' | 'challenge_expired';
  /** Seconds until the next attempt (rate_limited), the same wait the API's 429 answers. */
  retryAfter?: number;
  /** The signed challenge for the second step (two_factor_required). */
  challenge?: string;
}

/** The refusal of the login service's AppError (455 wrong password, 429 slowed down). */
export function loginRefusalOf(error: AppError): LoginRefusal {
  if (error.code === 'TWO_FACTOR_REQUIRED') return { code: 'two_factor_required', challenge: String(error.options.details?.challenge ?? '') };
  if (error.messageKey === 'twoFactor.errors.codeWrong') return { code: 'code_wrong' };
  if (error.messageKey === 'twoFactor.errors.challengeExpired') return { code: 'challenge_expired' };
  if (error.code !== 'TOO_MANY_REQUESTS') return { code: 'bad_credentials' };
  const wait = Number(error.options.details?.retryAfter);
  return { code: 'rate_limited', retryAfter: Number.isFinite(wait) && wait > 0 ? Math.ceil(wait) : undefined };
}

/** The login form's message: with the wait in seconds, like the API's 429 message. */
export function loginRefusalMessage(refusal: Partial<LoginRefusal>, t: Translate): string {
  if (refusal.code === 'two_factor_required') return t('twoFactor.login.required');
  if (refusal.code === 'code_wrong') return t('twoFactor.errors.codeWrong');
  if (refusal.code === 'challenge_expired') return t('twoFactor.errors.challengeExpired');
  if (refusal.code !== 'rate_limited') return t('errors.auth.badCredentials');
  return refusal.retryAfter ? t('accounts.errors.loginRateLimited', { seconds: refusal.retryAfter }) : t('login.rateLimited');
}
