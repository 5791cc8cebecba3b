import { useEffect, useState } from 'react';

/** Runs `run` once the browser is idle after the page loaded (Safari lacks requestIdleCallback). */
export function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 3000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, 1500);
  return () => clearTimeout(id);
}

/**
 * For a dialog whose code loads through next/dynamic: whether to mount it. True once the page is
 * idle after loading (the dialog's code then downloads, out of the page's first load, and the
 * closed dialog is ready as before: e.g. ./dialog starts following the focus, to give it back to
 * what opened the dialog) or as soon as it opens, whichever comes first; then for good.
 */
export function useLazyMount(open: boolean): boolean {
  const [mounted, setMounted] = useState(open);
  // Derived from a prop during render (React's "storing information from previous renders").
  if (open && !mounted) setMounted(true);
  useEffect(() => {
    if (!mounted) return whenIdle(() => setMounted(true));
  }, [mounted]);
  return mounted || open;
}
