'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useEffectEvent, useState, useTransition } from 'react';

/** URL parameters to change: a value sets one, `null`, `undefined` or '' removes it. */
export type ParamChanges = Record<string, string | null | undefined>;

export interface ListQueryOptions {
  /**
   * 'server' (the default): the page is a server component that reads the URL, so a change
   * navigates (`router.push` in a transition, `pending` until the new rows render). 'client': the
   * list loads its own rows, so a change only rewrites the URL in place (`history.pushState`, which
   * Next's `useSearchParams` follows) and the list reloads when the parameters change.
   */
  mode?: 'server' | 'client';
  /** The search box's first text; the URL's `keyword` when not given. */
  keyword?: string;
  /** With it, the box's text becomes the `keyword` this long after typing stops; without, on submit. */
  debounceMs?: number;
}

/**
 * The state of a list page kept in its URL (so a page can be bookmarked, shared and reloaded):
 * `keyword`, `pageNum`, `pageSize` and the list's own filters, under the names each list has
 * always used. Every change of a filter or of the keyword goes back to the first page.
 */
export function useListQuery({ mode = 'server', keyword: initialKeyword, debounceMs }: ListQueryOptions = {}) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [pending, startTransition] = useTransition();
  const keyword = params.get('keyword') ?? '';
  const [search, setSearch] = useState(initialKeyword ?? keyword);

  const navigate = (changes: ParamChanges, before?: () => void) => {
    const next = new URLSearchParams(params.toString());
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === undefined || value === '') next.delete(key);
      else next.set(key, value);
    }
    const href = `${pathname}${next.size ? `?${next}` : ''}`;
    if (mode === 'client') {
      before?.();
      window.history.pushState(null, '', href);
      return;
    }
    startTransition(() => {
      before?.();
      router.push(href, { scroll: false });
    });
  };

  /** A filter changed: set it and go back to the first page. */
  const filter = (changes: ParamChanges, before?: () => void) => navigate({ ...changes, pageNum: null }, before);
  const submitSearch = () => filter({ keyword: search.trim() });

  // Only typing starts the timer: going back to an older URL must not push the box's text again.
  const applyTypedKeyword = useEffectEvent(() => {
    if (search.trim() !== keyword) submitSearch();
  });
  useEffect(() => {
    if (debounceMs === undefined) return;
    const timer = setTimeout(applyTypedKeyword, debounceMs);
    return () => clearTimeout(timer);
  }, [search, debounceMs]);

  return {
    /** The URL's parameters as they are now. */
    params,
    keyword,
    pending,
    /** The list's transition, for other server updates that should count as `pending`. */
    startTransition,
    /** Renders the same URL again on the server (after a change of the rows). */
    refresh: () => startTransition(() => router.refresh()),
    navigate,
    filter,
    /** The pager's change: both numbers go into the URL, as the pager itself writes them. */
    setPage: ({ pageNum, pageSize }: { pageNum: number; pageSize: number }) => navigate({ pageNum: String(pageNum), pageSize: String(pageSize) }),
    search: { value: search, set: setSearch, submit: submitSearch },
  };
}

/** What `useListQuery` answers, for the pieces of a list (its filter bar) that take it as a prop. */
export type ListQueryState = ReturnType<typeof useListQuery>;
