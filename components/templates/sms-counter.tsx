'use client';

import { useTranslations } from 'next-intl';
import { countSms } from '@/lib/templates/sms-segments';

/** Live characters and segments of an SMS (GSM-7 160/153, UCS-2 70/67). */
export function SmsCounter({ text }: { text: string }) {
  const t = useTranslations('templates.editor');
  const count = countSms(text);
  return (
    <span className="tabular-nums" aria-live="polite" data-testid="sms-counter" data-segments={count.segments} data-encoding={count.encoding} title={t('counterRemaining', { remaining: count.remaining })}>
      {t('counter', { characters: count.characters, segments: count.segments, encoding: count.encoding })}
    </span>
  );
}
