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

/** One conversation: the messages in order, the reply box, processed, and the customer panel. */
export function ConversationView({ conversationId, refreshKey, onBack, onChanged }: { conversationId: number; refreshKey: number; onBack: () => void; onChanged: () => void }) {
  const t = useTranslations('inbox');
  const locale = useLocale() as Locale;
  const [thread, setThread] = useState<Thread | null>(null);
  const [error, setError] = useState<string | null>(null);
  const end = useRef<HTMLLIElement>(null);

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
  // Braces matter: Chromium's scrollIntoView now returns a promise, which React would take for a cleanup.
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [thread?.messages.length]);

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
          <h2 className="min-w-0 flex-1 truncate font-semibold">{c.name || c.email || c.phone}</h2>
          <Button size="sm" variant={thread.processed ? 'secondary' : 'primary'} onClick={toggleProcessed}>
            {thread.processed ? <RotateCcw className="size-4" aria-hidden /> : <CheckCircle2 className="size-4" aria-hidden />}
            {thread.processed ? t('markUnprocessed') : t('markProcessed')}
          </Button>
        </header>
        <ol className="min-h-0 flex-1 space-y-3 overflow-y-auto bg-slate-50 p-4 dark:bg-slate-950/40" aria-label={t('title')} data-testid="thread">
          {thread.messages.map((m) => (m.kind === 'consent' && m.consent ? <ConsentNote key={m.id} action={m.consent} at={m.at} locale={locale} /> : (
            <MessageBubble key={m.id} message={m} />
          )))}
          {/* The scroll anchor: an empty item, since an <ol> holds only <li>. */}
          <li ref={end} aria-hidden />
        </ol>
        {/* Mounted with the first read: its channel and "Re: …" subject are taken once, then the merchant's edits stay across reloads. */}
        <ReplyForm conversationId={conversationId} customer={c} initial={{ channel: thread.lastChannel, subject: thread.replySubject }} onSent={afterReply} />
      </div>
      <CustomerPanel customer={c} conversationId={conversationId} />
    </div>
  );
}
