'use server';

import { headers } from 'next/headers';
import { getDb } from '@/db/client';
import { actionError, type ActionResult } from '@/lib/auth/authed-action';
import { clientAddress } from '@/lib/http/client-address';
import { registerAccount } from '@/lib/merchant/registration';
import { registerSchema } from '@/lib/auth/schema';
import { signInOver } from '@/lib/auth/sign-in-over';
import { requestLocale } from '@/lib/auth/session';
import { translatorFor } from '@/lib/i18n/translator';
import { fieldErrorsFrom } from '@/lib/validation/issues';

/**
 * The details step: creates the user and the merchant, then signs the browser in (Auth.js,
 * through the same login service) and lands on /dashboard.
 */
export async function registerAction(raw: unknown): Promise<ActionResult<null>> {
  const locale = await requestLocale();
  const t = translatorFor(locale);
  const parsed = registerSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, code: 'VALIDATION', message: t('errors.validation'), fieldErrors: fieldErrorsFrom(parsed.error.issues, t) };
  let email: string;
  try {
    const account = await registerAccount({ db: await getDb(), locale, now: () => new Date(), ip: clientAddress(await headers()) }, parsed.data);
    email = account.email;
  } catch (error) {
    return actionError(error, t);
  }
  // Throws Next's redirect to /dashboard on success; a sign-in the browser held ends, as on /login.
  return await signInOver({ email, password: parsed.data.password }, '/dashboard');
}
