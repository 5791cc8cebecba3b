'use server';

import { getDb } from '@/db/client';
import { requestLocale } from '@/lib/auth/session';
import { translatorFor } from '@/lib/i18n/translator';
import { confirmServiceEmail } from '@/lib/merchant/service-email';

/** The button of the link's page (a POST, so mail scanners that open links do not verify). */
export async function confirmServiceEmailAction(token: string): Promise<{ ok: boolean; message: string }> {
  const t = translatorFor(await requestLocale());
  if (typeof token !== 'string' || !token || token.length > 200) return { ok: false, message: t('accounts.verifyEmail.invalid') };
  const result = await confirmServiceEmail(await getDb(), token, new Date());
  if (result.ok) return { ok: true, message: t('accounts.verifyEmail.success') };
  return { ok: false, message: t(result.reason === 'expired' ? 'accounts.verifyEmail.expired' : 'accounts.verifyEmail.invalid') };
}
