'use client';

import { Mail, MessageSquare } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { Locale } from '@/lib/i18n/locales';
import type { ReviewItem } from '@/lib/sending/review';
import { formatDateTime } from '@/lib/time/format';

/** One delivery to check: who, by which channel, why and when it was handed over; mark as sent or send again. */
export function ReviewRow({ item, locale, busy, canResend, onMarkSent, onResend }: { item: ReviewItem; locale: Locale; busy: boolean; canResend: boolean; onMarkSent: () => void; onResend: () => void }) {
  const t = useTranslations('sending.review');
  const name = item.name || item.address;
  const Icon = item.channel === 'sms' ? MessageSquare : Mail;
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-3 py-3" data-testid="review-row">
      <div className="min-w-0 flex-1 basis-56 space-y-0.5">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900 dark:text-slate-100">{name}</span>
          <Badge tone="neutral">
            <Icon aria-hidden="true" />
            {t(`channel.${item.channel}`)}
          </Badge>
        </p>
        {item.name && <p className="text-sm break-all text-slate-500 dark:text-slate-400">{item.address}</p>}
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {t(`reason.${item.reason}`)} · {t('handedOver', { time: formatDateTime(item.at, locale) })}
        </p>
      </div>
      <div className="flex gap-2 mobile:w-full">
        <Button size="sm" variant="secondary" className="mobile:flex-1" onClick={onMarkSent} disabled={busy}>
          {t('markSent')}
          <span className="sr-only">{t('contactFor', { name })}</span>
        </Button>
        {canResend && (
          <Button size="sm" variant="ghost" className="mobile:flex-1" onClick={onResend} disabled={busy}>
            {t('resend')}
            <span className="sr-only">{t('contactFor', { name })}</span>
          </Button>
        )}
      </div>
    </li>
  );
}
