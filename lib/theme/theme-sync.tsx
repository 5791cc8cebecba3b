'use client';

import { useLayoutEffect } from 'react';
import type { Theme } from './theme';

/**
 * Re-applies the dark class after React re-renders <html> (a language switch refreshes the root
 * layout, and React then writes the server's className, which cannot know the OS preference of
 * 'system'). A layout effect runs before the browser paints, so nothing flickers.
 */
export function ThemeSync({ theme }: { theme: Theme }) {
  useLayoutEffect(() => {
    const root = document.documentElement;
    const current = root.getAttribute('data-theme') ?? theme;
    const dark = current === 'dark' || (current === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    root.classList.toggle('dark', dark);
  });
  return null;
}
