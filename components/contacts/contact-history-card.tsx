'use client';

import { useLocale, useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { ContactDetail } from '@/lib/contacts/get-contact';
import type { Locale } from '@/lib/i18n/locales';
import { formatDateTime } from '@/lib/time/format';

/** The contact's consent history: each opt-in and opt-out, by channel and source. */
export function ContactHistoryCard({ contact }: { contact: ContactDetail }) {
  const t = useTranslations('contacts');
  const locale = useLocale() as Locale;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('detail.history')}</CardTitle>
      </CardHeader>
      <CardContent>
        {contact.consentHistory.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">{t('detail.noHistory')}</p>
        ) : (
          <ol className="flex flex-col gap-2" aria-label={t('detail.history')}>
            {contact.consentHistory.map((h) => (
              <li key={h.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span className="flex items-center gap-2">
                  <Badge tone={h.action === 'optin' ? 'success' : 'danger'}>
                    {t(`channel.${h.channel}`)} · {t(`action.${h.action}`)}
                  </Badge>
                  <span className="text-slate-500 dark:text-slate-400">{t(`source.${h.source}` as never)}</span>
                </span>
                <time className="tabular-nums text-slate-500 dark:text-slate-400" dateTime={new Date(h.createdAt).toISOString()}>
                  {formatDateTime(h.createdAt, locale)}
                </time>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
