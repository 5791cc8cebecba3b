'use client';

import { useCallback, useEffect, useRef, useState, useTransition } from 'react';
import { useTranslations } from 'next-intl';
import { Inbox, Search } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { cn, focusRing } from '@/components/ui/cn';
import { notify } from '@/lib/notify/notify';
import { inboxVersionAction, listConversationsAction } from '@/lib/inbox/actions';
import type { ConversationRecord } from '@/lib/inbox/list-conversations';
import { inboxFilters } from '@/lib/inbox/filters';
import { ConversationItem } from './conversation-item';
import { ConversationView } from './conversation-view';

type Filter = (typeof inboxFilters)[number];
interface ListState {
  total: number;
  unread: number;
  records: ConversationRecord[];
}

const POLL_MS = 10_000;
const PAGE = 30;

/**
 * The inbox: the conversation list (filters, search, newest first, more on scroll) beside the
 * open thread; one screen at a time on mobile. It polls for changes every 10 s, so a message that
 * arrives shows without a reload, and stops when the page is left.
 */
export function InboxClient({ initial, initialQuery, initialSelected }: { initial: ListState; initialQuery: { filter: Filter; keyword: string }; initialSelected: number | null }) {
  const t = useTranslations('inbox');
  const [list, setList] = useState(initial);
  const [filter, setFilter] = useState<Filter>(initialQuery.filter);
  const [keyword, setKeyword] = useState(initialQuery.keyword);
  const [selected, setSelected] = useState<number | null>(initialSelected);
  const [refreshKey, setRefreshKey] = useState(0);
  const [pending, start] = useTransition();
  const version = useRef<string | null>(null);
  const pageSize = useRef(PAGE);
  const listRef = useRef<HTMLUListElement>(null);
  // One screen at a time (mobile): opening hides the list, so focus goes to the thread's heading,
  // and Back returns it to the conversation it came from (else both would fall to <body>).
  const [focusThread, setFocusThread] = useState(false);
  const returnTo = useRef<number | null>(null);

  const load = useCallback(
    (size = pageSize.current) => {
      start(async () => {
        const result = await listConversationsAction({ filter, keyword, pageNum: 1, pageSize: size });
        if (result.ok) setList(result.data);
        else notify.warning(result.message || t('loadFailed'));
      });
    },
    [filter, keyword, t],
  );

  // Filters and search reload the list (search after typing pauses); the URL keeps them. The
  // server already rendered the first query, so it is not loaded again, and the URL is only
  // rewritten while the inbox is still the page (a late rewrite would undo a navigation away).
  const shownQuery = useRef(`${initialQuery.filter}\n${initialQuery.keyword}`);
  useEffect(() => {
    const query = `${filter}\n${keyword}`;
    if (query === shownQuery.current) return;
    const timer = setTimeout(() => {
      shownQuery.current = query;
      pageSize.current = PAGE;
      load(PAGE);
      if (window.location.pathname !== '/inbox') return;
      const url = new URL(window.location.href);
      url.searchParams.set('filter', filter);
      if (keyword) url.searchParams.set('keyword', keyword);
      else url.searchParams.delete('keyword');
      window.history.replaceState(null, '', url);
    }, 300);
    return () => clearTimeout(timer);
  }, [filter, keyword, load]);

  useEffect(() => {
    const timer = setInterval(async () => {
      if (document.hidden) return;
      const result = await inboxVersionAction({});
      if (!result.ok) return;
      if (version.current && version.current !== result.data.version) {
        load();
        setRefreshKey((k) => k + 1);
      }
      version.current = result.data.version;
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [load]);

  useEffect(() => {
    if (selected !== null || returnTo.current === null) return;
    const id = returnTo.current;
    returnTo.current = null;
    const list = listRef.current;
    (list?.querySelector<HTMLElement>(`[data-conversation="${id}"]`) ?? list?.querySelector<HTMLElement>('button'))?.focus();
  }, [selected]);

  const back = () => {
    returnTo.current = selected;
    setSelected(null);
  };

  const open = (id: number) => {
    setFocusThread(singleColumn());
    setSelected(id);
    const url = new URL(window.location.href);
    url.searchParams.set('c', String(id));
    window.history.replaceState(null, '', url);
    setList((l) => ({ ...l, unread: Math.max(0, l.unread - (l.records.find((r) => r.conversationId === id)?.unreadCount ?? 0)), records: l.records.map((r) => (r.conversationId === id ? { ...r, unreadCount: 0 } : r)) }));
  };

  const onFilterKey = (event: React.KeyboardEvent<HTMLElement>) => {
    const at = inboxFilters.indexOf(filter);
    const last = inboxFilters.length - 1;
    const moves: Partial<Record<string, number>> = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1, Home: 0, End: last };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = inboxFilters[to > last ? 0 : to < 0 ? last : to];
    setFilter(next);
    event.currentTarget.querySelector<HTMLElement>(`[data-filter="${next}"]`)?.focus();
  };

  const onScroll = (event: React.UIEvent<HTMLElement>) => {
    const el = event.currentTarget;
    if (!pending && list.records.length < list.total && el.scrollTop + el.clientHeight > el.scrollHeight - 80) {
      pageSize.current += PAGE;
      load(pageSize.current);
    }
  };

  return (
    <div className="grid min-h-[32rem] flex-1 grid-cols-[20rem_1fr] overflow-hidden rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900 mobile:grid-cols-1">
      <section aria-label={t('title')} className={cn('flex min-h-0 flex-col border-e border-slate-200 dark:border-slate-800', selected !== null && 'mobile:hidden')}>
        <div className="space-y-2 border-b border-slate-200 p-3 dark:border-slate-800">
          <Input value={keyword} onChange={(e) => setKeyword(e.target.value)} placeholder={t('search')} aria-label={t('search')} leading={<Search className="size-4" aria-hidden />} type="search" />
          {/* One Tab stop, arrows move and choose (WAI-ARIA APG radio group). */}
          <div role="radiogroup" aria-label={t('filterLabel')} className="flex flex-wrap gap-1" onKeyDown={onFilterKey}>
            {inboxFilters.map((f) => (
              <button
                key={f}
                type="button"
                role="radio"
                aria-checked={filter === f}
                tabIndex={filter === f ? 0 : -1}
                data-filter={f}
                onClick={() => setFilter(f)}
                className={cn('rounded-full px-3 py-1 text-xs font-medium', focusRing, filter === f ? 'bg-primary-700 text-white' : 'bg-slate-100 text-slate-700 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-300 dark:hover:bg-slate-700')}
              >
                {t(`filters.${f}`)}
              </button>
            ))}
          </div>
          {list.unread > 0 && <p className="text-xs text-primary">{t('unread', { count: list.unread })}</p>}
        </div>
        <ul ref={listRef} className="min-h-0 flex-1 overflow-y-auto" onScroll={onScroll} aria-busy={pending} data-testid="conversation-list">
          {list.records.length === 0 && (
            <li className="p-4">
              <EmptyState icon={Inbox} title={filter === 'all' && !keyword ? t('emptyTitle') : t('noMatch')} description={filter === 'all' && !keyword ? t('emptyText') : undefined} />
            </li>
          )}
          {list.records.map((c) => (
            <ConversationItem key={c.conversationId} conversation={c} selected={selected === c.conversationId} onOpen={() => open(c.conversationId)} />
          ))}
        </ul>
      </section>
      <section className={cn('min-h-0', selected === null && 'mobile:hidden')}>
        {selected === null ? (
          <div className="flex h-full items-center justify-center p-6 text-sm text-slate-500 dark:text-slate-400">{t('pick')}</div>
        ) : (
          <ConversationView key={selected} conversationId={selected} refreshKey={refreshKey} focusOnLoad={focusThread} onBack={back} onChanged={() => load()} />
        )}
      </section>
    </div>
  );
}

/** Whether the list and the thread share one screen (globals.css's `mobile` variant: 720 px or less, or a mobile browser). */
function singleColumn(): boolean {
  return window.matchMedia('(width <= 720px)').matches || document.documentElement.hasAttribute('data-mobile');
}
