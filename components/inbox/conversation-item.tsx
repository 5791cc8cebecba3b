'use client';

import { Mail, MessageSquare } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { cn, focusRing } from '@/components/ui/cn';
import type { Locale } from '@/lib/i18n/locales';
import type { ConversationRecord } from '@/lib/inbox/list-conversations';
import { formatDateTime } from '@/lib/time/format';

/** One conversation of the inbox list: channel, name, last message time and preview, unread and processed badges. */
export function ConversationItem({ conversation: c, selected, onOpen }: { conversation: ConversationRecord; selected: boolean; onOpen: () => void }) {
  const t = useTranslations('inbox');
  const locale = useLocale() as Locale;
  // The date and preview: slate-500 is 4.3:1 on the selected row's primary-soft, slate-600 is 6.9:1.
  const muted = selected ? 'text-slate-600 dark:text-slate-300' : 'text-slate-500 dark:text-slate-400';
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        data-conversation={c.conversationId}
        aria-current={selected ? 'true' : undefined}
        className={cn('flex w-full gap-3 border-b border-slate-100 px-3 py-3 text-start hover:bg-slate-50 dark:border-slate-800 dark:hover:bg-slate-800/60', focusRing, selected && 'bg-primary-soft dark:bg-primary/15')}
      >
        <span className="mt-0.5 text-slate-400">{c.lastChannel === 'sms' ? <MessageSquare className="size-4" aria-label={t('filters.sms')} /> : <Mail className="size-4" aria-label={t('filters.email')} />}</span>
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className={cn('truncate', c.unreadCount > 0 ? 'font-semibold' : 'font-medium')}>{c.name}</span>
            <span className={cn('shrink-0 text-xs tabular-nums', muted)}>{formatDateTime(c.lastMessageAt, locale).slice(0, 16)}</span>
          </span>
          <span className="mt-0.5 flex items-center gap-2">
            <span className={cn('truncate text-sm', muted)}>{c.lastPreview}</span>
            {c.unreadCount > 0 && <Badge tone="primary">{c.unreadCount}</Badge>}
            {c.processed && <Badge tone="success">{t('processedBadge')}</Badge>}
          </span>
        </span>
      </button>
    </li>
  );
}
