'use server';

import { headers } from 'next/headers';
import { getDb } from '@/db/client';
import { actionError, type ActionResult } from '@/lib/auth/authed-action';
import { requestPasswordReset, resetPassword } from '@/lib/auth/password-reset';
import { forgotPasswordSchema, resetPasswordSchema, type ForgotPasswordInput, type ResetPasswordInput } from '@/lib/auth/password-schema';
import { requestLocale } from '@/lib/auth/session';
import type { PublicContext } from '@/lib/context';
import { clientAddress } from '@/lib/http/client-address';
import { translatorFor } from '@/lib/i18n/translator';
import { fieldErrorsFrom } from '@/lib/validation/issues';

async function publicContext(): Promise<PublicContext> {
  return { db: await getDb(), locale: await requestLocale(), now: () => new Date(), ip: clientAddress(await headers()) };
}

/** Forgot password: the same answer whether or not the e-mail signs in anywhere. */
export async function forgotPasswordAction(raw: ForgotPasswordInput): Promise<ActionResult<null>> {
  const ctx = await publicContext();
  const t = translatorFor(ctx.locale);
  const parsed = forgotPasswordSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, code: 'VALIDATION', message: t('errors.validation'), fieldErrors: fieldErrorsFrom(parsed.error.issues, t) };
  try {
    await requestPasswordReset(ctx, parsed.data);
    return { ok: true, data: null, message: t('accounts.password.forgotSent') };
  } catch (error) {
    return actionError(error, t);
  }
}

/** Reset password with the link's token: every session of the account ends. */
export async function resetPasswordAction(raw: ResetPasswordInput): Promise<ActionResult<null>> {
  const ctx = await publicContext();
  const t = translatorFor(ctx.locale);
  const parsed = resetPasswordSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, code: 'VALIDATION', message: t('errors.validation'), fieldErrors: fieldErrorsFrom(parsed.error.issues, t) };
  try {
    await resetPassword(ctx, parsed.data);
    return { ok: true, data: null, message: t('accounts.password.resetDone') };
  } catch (error) {
    return actionError(error, t);
  }
}
