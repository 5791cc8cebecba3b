'use client';

import { Megaphone, Paperclip } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/components/ui/cn';
import type { Locale } from '@/lib/i18n/locales';
import { formatDateTime } from '@/lib/time/format';
import type { Thread } from './conversation-view';
import { MessageMedia } from './message-media';
import { SendErrorNote } from './message-notes';

/** One message of the thread: ours on the right, the customer's on the left, a campaign's dashed. */
export function MessageBubble({ message: m }: { message: Thread['messages'][number] }) {
  const t = useTranslations('inbox');
  const locale = useLocale() as Locale;
  // The merchant's own bubble is white text on primary-700 (5.0:1 with amber): in dark its badge's
  // tint let the bubble through (sky-300 on it 2.9:1), so it takes a darker fill and white text; and
  // nothing on the bubble is dimmed (white at 90% fell to 4.4:1).
  const own = m.direction === 'out' && m.kind !== 'campaign';
  const dim = own ? undefined : 'opacity-90';
  return (
    <li className={cn('flex', m.direction === 'out' ? 'justify-end' : 'justify-start')}>
      <article className={cn('max-w-[85%] rounded-lg px-3 py-2 text-sm shadow-sm', m.direction === 'out' ? 'bg-primary-700 text-white' : 'bg-white dark:bg-slate-800', m.kind === 'campaign' && 'border border-dashed border-primary/40 bg-primary-soft text-slate-700 dark:bg-primary/10 dark:text-slate-200')}>
        <p className="mb-1 flex items-center gap-2 text-xs">
          {/* The badge at full opacity: dimmed, its text fell below AA contrast (axe). */}
          <Badge tone={m.channel === 'sms' ? 'info' : 'neutral'} className={own ? 'dark:bg-black/25 dark:text-white dark:ring-white/40' : undefined}>
            {t(`filters.${m.channel}`)}
          </Badge>
          <time dateTime={m.at} className={dim}>
            {formatDateTime(m.at, locale)}
          </time>
        </p>
        {m.kind === 'campaign' && (
          <p className="mb-1 flex items-center gap-2 text-xs font-medium">
            <Megaphone className="size-4" aria-hidden />
            {t('campaignMessage', { name: m.campaignName ?? '' })}
            {m.status === 'failed' && <Badge tone="danger">{t('campaignFailed')}</Badge>}
          </p>
        )}
        {m.subject && <p className="font-medium">{m.subject}</p>}
        {m.text && <p className="whitespace-pre-wrap break-words">{m.text}</p>}
        {m.media.length > 0 && <MessageMedia media={m.media} />}
        {!m.text && !m.subject && !m.html && m.media.length === 0 && m.attachments.length === 0 && <p className={cn('italic', dim)}>{t('emptyMessage')}</p>}
        {m.sendError && <SendErrorNote code={m.sendError} />}
        {m.attachments.length > 0 && (
          <ul className={cn('mt-1 space-y-0.5 text-xs', dim)} aria-label={t('attachments')}>
            {m.attachments.map((a, i) => (
              <li key={i} className="flex items-center gap-1">
                <Paperclip className="size-3" aria-hidden /> {a.filename} ({Math.ceil(a.size / 1024)} KB)
              </li>
            ))}
          </ul>
        )}
      </article>
    </li>
  );
}
