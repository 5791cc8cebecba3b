import { useTranslations } from 'next-intl';
import { BellOff, BellRing } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import type { Locale } from '@/lib/i18n/locales';
import { formatDateTime } from '@/lib/time/format';

/** A consent change by SMS reply: a line of the thread between the customer's keyword and our confirmation. */
export function ConsentNote({ action, at, locale }: { action: 'optin' | 'optout'; at: string; locale: Locale }) {
  const t = useTranslations('inbox');
  const Icon = action === 'optout' ? BellOff : BellRing;
  return (
    <li className="flex justify-center">
      <p className="flex flex-wrap items-center justify-center gap-x-2 gap-y-0.5 rounded-full bg-slate-200/70 px-3 py-1 text-center text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300" data-testid="consent-note">
        <Icon className="size-3.5 shrink-0" aria-hidden />
        <span>{t(`consent.${action}`)}</span>
        <time dateTime={at}>{formatDateTime(at, locale)}</time>
      </p>
    </li>
  );
}

/** Why our message did not go out: 21610 (the number replied STOP) says so in words. */
export function SendErrorNote({ code }: { code: string }) {
  const t = useTranslations('inbox');
  const reason = code === '21610' ? t('sendErrors.stopBlocked') : code === 'failed' ? t('sendErrors.failed') : t('sendErrors.provider', { code });
  return (
    <p className="mt-1 flex flex-wrap items-center gap-1 text-xs" data-testid="send-error">
      <Badge tone="danger">{t('notSent')}</Badge>
      <span>{reason}</span>
    </p>
  );
}
