'use client';

import Link from 'next/link';
import { useCallback, useEffect, useRef, useState, useTransition } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { ArrowLeft, CheckCircle2, Megaphone, Paperclip, RotateCcw } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { SimpleSelect } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/components/ui/cn';
import { notify } from '@/lib/notify/notify';
import { openConversationAction, replyAction, setProcessedAction } from '@/lib/inbox/actions';
import type { getConversation } from '@/lib/inbox/queries';
import { MAX_REPLY_SUBJECT_LENGTH } from '@/lib/inbox/reply-subject';
import type { Locale } from '@/lib/i18n/locales';
import { formatDateTime } from '@/lib/time/format';
import { MessageMedia } from './message-media';
import { ConsentNote, SendErrorNote } from './message-notes';

type Thread = Awaited<ReturnType<typeof getConversation>>;

/** One conversation: the messages in order, the reply box, processed, and the customer panel. */
export function ConversationView({ conversationId, refreshKey, onBack, onChanged }: { conversationId: number; refreshKey: number; onBack: () => void; onChanged: () => void }) {
  const t = useTranslations('inbox');
  const locale = useLocale() as Locale;
  const [thread, setThread] = useState<Thread | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [channel, setChannel] = useState<'email' | 'sms'>('email');
  const [text, setText] = useState('');
  const [subject, setSubject] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [subjectError, setSubjectError] = useState<string | null>(null);
  const [sending, startSend] = useTransition();
  const end = useRef<HTMLLIElement>(null);

  const channelChosen = useRef(false);
  const apply = useCallback((result: Awaited<ReturnType<typeof openConversationAction>>) => {
    if (!result.ok) return setError(result.message);
    setThread(result.data);
    // The reply channel defaults to the customer's last channel, once; the merchant's choice stays.
    // The subject too: prefilled once ("Re: ..."), then the merchant's own edit stays.
    if (!channelChosen.current) {
      setChannel(result.data.lastChannel);
      setSubject(result.data.replySubject);
    }
    channelChosen.current = true;
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

  const send = () => {
    setFieldError(null);
    setSubjectError(null);
    startSend(async () => {
      const result = await replyAction({ conversationId, channel, text, ...(channel === 'email' ? { subject } : {}) });
      if (result.ok) {
        notify.success(result.message ?? '');
        setText('');
        await reload();
        onChanged();
      } else {
        setFieldError(result.fieldErrors?.text ?? result.fieldErrors?.channel ?? null);
        setSubjectError(result.fieldErrors?.subject ?? null);
        notify.warning(result.message);
      }
    });
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
  const consent = (v: boolean | null) => (v === true ? t('customer.optedIn') : v === false ? t('customer.optedOut') : t('customer.unknown'));
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
            <li key={m.id} className={cn('flex', m.direction === 'out' ? 'justify-end' : 'justify-start')}>
              <article className={cn('max-w-[85%] rounded-lg px-3 py-2 text-sm shadow-sm', m.direction === 'out' ? 'bg-primary text-white' : 'bg-white dark:bg-slate-800', m.kind === 'campaign' && 'border border-dashed border-primary/40 bg-primary-soft text-slate-700 dark:bg-primary/10 dark:text-slate-200')}>
                <p className="mb-1 flex items-center gap-2 text-xs">
                  {/* The badge at full opacity: dimmed, its text fell below AA contrast (axe). */}
                  <Badge tone={m.channel === 'sms' ? 'info' : 'neutral'}>{t(`filters.${m.channel}`)}</Badge>
                  <time dateTime={m.at} className="opacity-80">{formatDateTime(m.at, locale)}</time>
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
                {!m.text && !m.subject && !m.html && m.media.length === 0 && m.attachments.length === 0 && <p className="italic opacity-70">{t('emptyMessage')}</p>}
                {m.sendError && <SendErrorNote code={m.sendError} />}
                {m.attachments.length > 0 && (
                  <ul className="mt-1 space-y-0.5 text-xs opacity-80" aria-label={t('attachments')}>
                    {m.attachments.map((a, i) => (
                      <li key={i} className="flex items-center gap-1">
                        <Paperclip className="size-3" aria-hidden /> {a.filename} ({Math.ceil(a.size / 1024)} KB)
                      </li>
                    ))}
                  </ul>
                )}
              </article>
            </li>
          )))}
          {/* The scroll anchor: an empty item, since an <ol> holds only <li>. */}
          <li ref={end} aria-hidden />
        </ol>
        <form
          className="space-y-2 border-t border-slate-200 p-3 dark:border-slate-800"
          onSubmit={(e) => {
            e.preventDefault();
            send();
          }}
        >
          {channel === 'email' && (
            <FormField label={t('subjectLabel')} error={subjectError ?? undefined}>
              <Input value={subject} maxLength={MAX_REPLY_SUBJECT_LENGTH} onChange={(e) => setSubject(e.target.value)} placeholder={t('subjectPlaceholder')} />
            </FormField>
          )}
          <FormField label={t('replyLabel')} error={fieldError ?? undefined}>
            <Textarea
              rows={3}
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={t('replyPlaceholder')}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) send();
              }}
            />
          </FormField>
          <div className="flex items-center justify-end gap-2">
            <SimpleSelect
              aria-label={t('channelLabel')}
              value={channel}
              onValueChange={(v) => setChannel(v === 'sms' ? 'sms' : 'email')}
              options={[
                { value: 'email', label: `${t('filters.email')}${c.emailOptIn === false ? ` ${t('channelOptedOut')}` : ''}`, disabled: !c.email },
                { value: 'sms', label: `${t('filters.sms')}${c.smsOptIn === false ? ` ${t('channelOptedOut')}` : ''}`, disabled: !c.phone },
              ]}
            />
            <Button type="submit" loading={sending}>
              {t('send')}
            </Button>
          </div>
        </form>
      </div>
      <aside className="overflow-y-auto border-s border-slate-200 p-4 text-sm dark:border-slate-800 mobile:border-s-0 mobile:border-t" aria-labelledby={`customer-${conversationId}`}>
        <h3 id={`customer-${conversationId}`} className="mb-3 font-semibold">
          {t('customer.title')}
        </h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-2">
          <dt className="text-slate-500 dark:text-slate-400">{t('customer.name')}</dt>
          <dd>{c.name || '-'}</dd>
          <dt className="text-slate-500 dark:text-slate-400">{t('customer.email')}</dt>
          <dd className="break-all">{c.email ?? '-'}</dd>
          <dt className="text-slate-500 dark:text-slate-400">{t('customer.phone')}</dt>
          <dd>{c.phone ?? '-'}</dd>
          <dt className="text-slate-500 dark:text-slate-400">{t('customer.gender')}</dt>
          <dd>{t(`customer.genders.${c.gender as 'unknown' | 'male' | 'female' | 'other'}`)}</dd>
          <dt className="text-slate-500 dark:text-slate-400">{t('customer.totalSent')}</dt>
          <dd className="tabular-nums">{c.totalSent}</dd>
          <dt className="text-slate-500 dark:text-slate-400">{t('customer.totalReceived')}</dt>
          <dd className="tabular-nums">{c.totalReceived}</dd>
          <dt className="text-slate-500 dark:text-slate-400">{t('customer.emailConsent')}</dt>
          <dd>{consent(c.emailOptIn)}</dd>
          <dt className="text-slate-500 dark:text-slate-400">{t('customer.smsConsent')}</dt>
          <dd>{consent(c.smsOptIn)}</dd>
        </dl>
        <Button asChild variant="link" className="mt-3 px-0">
          <Link href={`/contacts/${c.contactId}`}>{t('customer.openContact')}</Link>
        </Button>
      </aside>
    </div>
  );
}
