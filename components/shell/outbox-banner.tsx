import { getTranslations } from 'next-intl/server';
import { outboxChannels } from '@/lib/messaging/outbox-mode';

/**
 * Says on every signed-in screen that messages are kept, not delivered, while e-mail or SMS goes
 * to the outbox (no SMTP / Twilio, or MAIL_TRANSPORT=outbox): the send screens would otherwise
 * report "sent" for mail nobody receives.
 */
export async function OutboxBanner() {
  const { email, sms } = outboxChannels();
  if (!email && !sms) return null;
  const t = await getTranslations('outboxBanner');
  const text = email && sms ? t('both') : email ? t('email') : t('sms');
  return (
    <div role="note" className="border-b border-amber-300 bg-amber-50 px-8 py-2 text-[13px] leading-snug text-amber-900 mobile:px-4 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
      {text}
    </div>
  );
}
