'use server';

import { AuthError } from 'next-auth';
import { signIn } from '@/lib/auth/auth';
import { loginRefusalMessage, type LoginRefusal } from '@/lib/auth/login-refusal';
import { loginSchema } from '@/lib/auth/schema';
import { requestLocale } from '@/lib/auth/session';
import { translatorFor } from '@/lib/i18n/translator';
import { fieldErrorsFrom } from '@/lib/validation/issues';
import type { ActionResult } from '@/lib/actions/action';

export async function loginAction(raw: { email: string; password: string; callbackUrl?: string }): Promise<ActionResult<null>> {
  const t = translatorFor(await requestLocale());
  const parsed = loginSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, code: 'VALIDATION', message: t('errors.validation'), fieldErrors: fieldErrorsFrom(parsed.error.issues, t) };
  const target = raw.callbackUrl && raw.callbackUrl.startsWith('/') && !raw.callbackUrl.startsWith('//') ? raw.callbackUrl : '/dashboard';
  try {
    await signIn('credentials', { email: parsed.data.email, password: parsed.data.password, redirectTo: target });
    return { ok: true, data: null };
  } catch (error) {
    if (error instanceof AuthError) {
      // lib/auth/auth.ts's LoginRefused: the code and, when slowed down, the seconds to wait.
      const refusal = error as AuthError & Partial<LoginRefusal>;
      const limited = refusal.code === 'rate_limited';
      return { ok: false, code: limited ? 'TOO_MANY_REQUESTS' : 'LOGIN_ERROR', message: loginRefusalMessage(refusal, t), details: limited && refusal.retryAfter ? { retryAfter: refusal.retryAfter } : undefined };
    }
    throw error;
  }
}
