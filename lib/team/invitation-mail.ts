import type { Db } from '@/db/client';
import { AppError } from '@/lib/errors/app-error';
import type { Locale } from '@/lib/i18n/locales';
import { translatorFor } from '@/lib/i18n/translator';
import { escapeHtml, mailButton, productEmailHtml } from '@/lib/messaging/layout';
import { sendEmail } from '@/lib/messaging/send';
import { DeliveryError } from '@/lib/messaging/types';

export const INVITATION_TTL_DAYS = 7;

/**
 * The invitation e-mail: who invites, to which merchant, the link and its expiry. The merchant's
 * and the inviter's names are anyone's choice ("URGENT: account locked - verify at ..."): never in
 * the subject or the title of a mail from us, and quoted in the body as the merchant's own words.
 */
export async function sendInvitationMail(
  db: Db,
  input: { merchantId: number; to: string; link: string; merchantName: string; inviterName: string; locale: Locale },
): Promise<void> {
  const t = translatorFor(input.locale);
  const values = { merchant: input.merchantName, inviter: input.inviterName };
  const expiry = t('team.mail.expiry', { days: INVITATION_TTL_DAYS });
  try {
    await sendEmail(db, {
      merchantId: input.merchantId,
      to: input.to,
      subject: t('team.mail.subject'),
      text: `${t('team.mail.intro', values)}\n\n${input.link}\n\n${expiry}\n${t('team.mail.ignore')}`,
      html: productEmailHtml({
        title: t('team.mail.title'),
        body: `<p>${escapeHtml(t('team.mail.intro', values))}</p>${mailButton(input.link, t('team.mail.button'))}<p>${escapeHtml(expiry)}</p>`,
        footer: t('team.mail.ignore'),
      }),
    });
  } catch (error) {
    if (error instanceof DeliveryError) throw new AppError('BAD_GATEWAY', 'team.errors.sendFailed');
    throw error;
  }
}
