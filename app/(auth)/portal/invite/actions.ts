'use server';

import { getDb } from '@/db/client';
import { actionError, type ActionResult } from '@/lib/auth/authed-action';
import { signInOver } from '@/lib/auth/sign-in-over';
import { requestLocale } from '@/lib/auth/session';
import { translatorFor } from '@/lib/i18n/translator';
import { acceptInvitation } from '@/lib/team/accept-invitation';
import { acceptInvitationSchema } from '@/lib/team/schema';
import { fieldErrorsFrom } from '@/lib/validation/issues';

/**
 * The invitee's form: creates their staff user from the invitation, then signs the browser in
 * (Auth.js, through the same login service) and lands on /dashboard, ending any sign-in the
 * browser held.
 */
export async function acceptInvitationAction(raw: unknown): Promise<ActionResult<null>> {
  const locale = await requestLocale();
  const t = translatorFor(locale);
  const parsed = acceptInvitationSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, code: 'VALIDATION', message: t('errors.validation'), fieldErrors: fieldErrorsFrom(parsed.error.issues, t) };
  let email: string;
  try {
    email = (await acceptInvitation({ db: await getDb(), locale, now: () => new Date() }, parsed.data)).email;
  } catch (error) {
    return actionError(error, t);
  }
  // Throws Next's redirect to /dashboard on success; a session the browser held ends (the page warned).
  return signInOver({ email, password: parsed.data.password }, '/dashboard');
}
