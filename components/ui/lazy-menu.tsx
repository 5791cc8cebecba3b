'use client';

import { useCallback, useRef, useState } from 'react';

/**
 * A dropdown menu whose code (Radix menu, popper, focus management: ~30 KB gzipped) loads on first
 * use instead of with the page (issue 11). Until then the page shows a plain button that looks
 * like the menu's trigger: pointing at it or focusing it starts the download, pressing it shows
 * the real menu, already open. Returns the loaded component (null before) and the button's props.
 */
export function useLazyMenu<P>(load: () => Promise<React.ComponentType<P>>) {
  const [Menu, setMenu] = useState<React.ComponentType<P> | null>(null);
  const pending = useRef<Promise<React.ComponentType<P>> | null>(null);
  const preload = useCallback(() => (pending.current ??= load()), [load]);
  const open = useCallback(() => {
    void preload().then((component) => setMenu(() => component));
  }, [preload]);
  const buttonProps = {
    type: 'button' as const,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': false,
    'data-state': 'closed',
    onPointerEnter: preload,
    onFocus: preload,
    onClick: open,
  };
  return { Menu, buttonProps };
}
