'use client';

import { useCallback, useSyncExternalStore } from 'react';
import { DEFAULT_THEME, applyTheme, isTheme, type Theme } from './theme';

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function snapshot(): Theme {
  const value = document.documentElement.getAttribute('data-theme');
  return isTheme(value) ? value : DEFAULT_THEME;
}

/** The current appearance choice (read from <html data-theme>) and a setter that applies it at once. */
export function useTheme(serverTheme: Theme = DEFAULT_THEME): { theme: Theme; setTheme: (theme: Theme) => void } {
  const theme = useSyncExternalStore(subscribe, snapshot, () => serverTheme);
  const setTheme = useCallback((next: Theme) => {
    applyTheme(next);
    listeners.forEach((listener) => listener());
  }, []);
  return { theme, setTheme };
}
