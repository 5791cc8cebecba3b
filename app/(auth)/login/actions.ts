'use server';

import { AuthError } from 'next-auth';
import { signInOver } from '@/lib/auth/sign-in-over';
import { loginRefusalMessage, type LoginRefusal } from '@/lib/auth/login-refusal';
import { loginSchema } from '@/lib/auth/schema';
import { requestLocale } from '@/lib/auth/session';
import { translatorFor, type Translate } from '@/lib/i18n/translator';
import { twoFactorLoginSchema } from '@/lib/auth/two-factor/schema';
import { fieldErrorsFrom } from '@/lib/validation/issues';
import type { ActionResult } from '@/lib/auth/authed-action';
import { safeRedirectPath } from '@/lib/auth/safe-redirect';

export async function loginAction(raw: { email: string; password: string; callbackUrl?: string }): Promise<ActionResult<null>> {
  const t = translatorFor(await requestLocale());
  const parsed = loginSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, code: 'VALIDATION', message: t('errors.validation'), fieldErrors: fieldErrorsFrom(parsed.error.issues, t) };
  try {
    // Throws Next's redirect on success; a session the browser held ends (the page warned).
    return await signInOver({ email: parsed.data.email, password: parsed.data.password }, safeRedirectPath(raw.callbackUrl));
  } catch (error) {
    if (error instanceof AuthError) return refused(error, t);
    throw error;
  }
}

/** The second screen: the challenge the password step answered and a code from the app or a recovery code. */
export async function twoFactorLoginAction(raw: { challenge: string; code: string; callbackUrl?: string }): Promise<ActionResult<null>> {
  const t = translatorFor(await requestLocale());
  const parsed = twoFactorLoginSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, code: 'VALIDATION', message: t('errors.validation'), fieldErrors: fieldErrorsFrom(parsed.error.issues, t) };
  try {
    return await signInOver({ challenge: parsed.data.challenge, code: parsed.data.code }, safeRedirectPath(raw.callbackUrl));
  } catch (error) {
    if (error instanceof AuthError) return refused(error, t);
    throw error;
  }
}

// lib/auth/auth.ts's LoginRefused: the code and, when slowed down, the seconds to wait; the challenge when a second step is needed.
function refused(error: AuthError, t: Translate): ActionResult<null> {
  const refusal = error as AuthError & Partial<LoginRefusal>;
  if (refusal.code === 'two_factor_required') return { ok: false, code: 'TWO_FACTOR_REQUIRED', message: loginRefusalMessage(refusal, t), details: { challenge: refusal.challenge } };
  if (refusal.code === 'code_wrong') {
    const message = loginRefusalMessage(refusal, t);
    return { ok: false, code: 'LOGIN_ERROR', message, fieldErrors: { code: message } };
  }
  if (refusal.code === 'challenge_expired') return { ok: false, code: 'UNAUTHORIZED', message: loginRefusalMessage(refusal, t), details: { restart: true } };
  const limited = refusal.code === 'rate_limited';
  return { ok: false, code: limited ? 'TOO_MANY_REQUESTS' : 'LOGIN_ERROR', message: loginRefusalMessage(refusal, t), details: limited && refusal.retryAfter ? { retryAfter: refusal.retryAfter } : undefined };
}
