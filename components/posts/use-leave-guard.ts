'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';

/**
 * Keeps unsaved work from being lost by accident: the browser's own warning when the tab is
 * closed or reloaded, and a confirmation before any in-app link is followed. Links are caught on
 * window in the capture phase, before Next.js' <Link> handler sees the click, so the shell's
 * navigation is guarded too. `confirmLeave` answers whether to go.
 */
export function useLeaveGuard(dirty: boolean, confirmLeave: () => Promise<boolean>): void {
  const router = useRouter();
  const state = useRef({ dirty, confirmLeave });
  useEffect(() => {
    state.current = { dirty, confirmLeave };
  });

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (!state.current.dirty || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement)) return;
      if (anchor.target && anchor.target !== '_self') return;
      if (anchor.hasAttribute('download') || anchor.dataset.leaveGuard === 'off') return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      if (url.pathname === window.location.pathname && url.search === window.location.search) return;
      event.preventDefault();
      event.stopPropagation();
      void state.current.confirmLeave().then((leave) => {
        if (!leave) return;
        state.current.dirty = false;
        router.push(url.pathname + url.search + url.hash);
      });
    };
    window.addEventListener('click', onClick, true);
    return () => window.removeEventListener('click', onClick, true);
  }, [router]);
}
