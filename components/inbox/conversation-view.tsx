'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { ArrowLeft, CheckCircle2, RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { notify } from '@/lib/notify/notify';
import { openConversationAction, setProcessedAction } from '@/lib/inbox/actions';
import type { getConversation } from '@/lib/inbox/get-conversation';
import type { Locale } from '@/lib/i18n/locales';
import { CustomerPanel } from './customer-panel';
import { MessageBubble } from './message-bubble';
import { ReplyForm } from './reply-form';
import { ConsentNote } from './message-notes';

export type Thread = Awaited<ReturnType<typeof getConversation>>;

/**
 * One conversation: the messages in order, the reply box, processed, and the customer panel.
 * `focusOnLoad`: the list that was focused is gone (one screen at a time), so the heading takes focus.
 */
export function ConversationView({ conversationId, refreshKey, focusOnLoad = false, onBack, onChanged }: { conversationId: number; refreshKey: number; focusOnLoad?: boolean; onBack: () => void; onChanged: () => void }) {
  const t = useTranslations('inbox');
  const locale = useLocale() as Locale;
  const [thread, setThread] = useState<Thread | null>(null);
  const [error, setError] = useState<string | null>(null);
  const messages = useRef<HTMLOListElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const focused = useRef(false);

  const apply = useCallback((result: Awaited<ReturnType<typeof openConversationAction>>) => {
    if (!result.ok) return setError(result.message);
    setThread(result.data);
  }, []);
  const reload = useCallback(() => openConversationAction({ id: conversationId }).then(apply), [conversationId, apply]);

  useEffect(() => {
    let current = true;
    openConversationAction({ id: conversationId }).then((result) => current && apply(result));
    return () => {
      current = false;
    };
  }, [conversationId, refreshKey, apply]);
  // The newest message in view by scrolling the list alone: scrollIntoView also scrolled the page,
  // which pushed the reply box (focused after Ctrl+Enter) out of view. What has focus here stays in view.
  useEffect(() => {
    const list = messages.current;
    if (!list) return;
    list.scrollTop = list.scrollHeight;
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== list && list.parentElement?.contains(active)) active.scrollIntoView({ block: 'nearest' });
  }, [thread?.messages.length]);
  const loaded = thread !== null;
  useEffect(() => {
    if (!loaded || !focusOnLoad || focused.current) return;
    focused.current = true;
    heading.current?.focus();
  }, [loaded, focusOnLoad]);

  const afterReply = async () => {
    await reload();
    onChanged();
  };

  const toggleProcessed = async () => {
    if (!thread) return;
    const result = await setProcessedAction({ conversationId, processed: !thread.processed });
    if (result.ok) {
      setThread({ ...thread, processed: result.data.processed });
      onChanged();
    } else notify.warning(result.message);
  };

  if (error) return <p role="alert" className="p-6 text-sm text-red-600 dark:text-red-400">{error}</p>;
  if (!thread) return <Skeleton className="m-6 h-64" />;
  const c = thread.customer;
  return (
    <div className="grid h-full min-h-0 grid-cols-[1fr_16rem] mobile:grid-cols-1">
      <div className="flex min-h-0 flex-col">
        <header className="flex items-center gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
          <Button variant="ghost" size="icon" className="desktop:hidden" onClick={onBack} aria-label={t('back')}>
            <ArrowLeft className="size-4" aria-hidden />
          </Button>
          <h2 ref={heading} tabIndex={-1} className="min-w-0 flex-1 truncate rounded font-semibold outline-none focus-visible:ring-2 focus-visible:ring-primary/60">{c.name || c.email || c.phone}</h2>
          <Button size="sm" variant={thread.processed ? 'secondary' : 'primary'} onClick={toggleProcessed}>
            {thread.processed ? <RotateCcw className="size-4" aria-hidden /> : <CheckCircle2 className="size-4" aria-hidden />}
            {thread.processed ? t('markUnprocessed') : t('markProcessed')}
          </Button>
        </header>
        <ol ref={messages} className="min-h-0 flex-1 space-y-3 overflow-y-auto bg-slate-50 p-4 dark:bg-slate-950/40" aria-label={t('title')} data-testid="thread">
          {thread.messages.map((m) => (m.kind === 'consent' && m.consent ? <ConsentNote key={m.id} action={m.consent} at={m.at} locale={locale} /> : (
            <MessageBubble key={m.id} message={m} />
          )))}
        </ol>
        {/* Mounted with the first read: its channel and "Re: …" subject are taken once, then the merchant's edits stay across reloads. */}
        <ReplyForm conversationId={conversationId} customer={c} initial={{ channel: thread.lastChannel, subject: thread.replySubject }} onSent={afterReply} />
      </div>
      <CustomerPanel customer={c} conversationId={conversationId} />
    </div>
  );
}
