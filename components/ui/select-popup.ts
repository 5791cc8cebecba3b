'use client';

import { useEffect, useLayoutEffect, type RefObject } from 'react';
import { listPosition } from './select-keys';

type Ref<T> = RefObject<T | null>;

/** Places the open list under the button (above when there is more room there), in the top layer, and keeps it there on scroll and resize. */
export function useListPlacement(open: boolean, list: Ref<HTMLDivElement>, trigger: Ref<HTMLButtonElement>) {
  useLayoutEffect(() => {
    const el = list.current;
    const button = trigger.current;
    if (!open || !el || !button) return;
    if (typeof el.showPopover === 'function' && !el.matches(':popover-open')) el.showPopover();
    const place = () => Object.assign(el.style, listPosition(button.getBoundingClientRect(), el.offsetWidth));
    place();
    let frame = 0;
    const follow = (event: Event) => {
      if (event.target instanceof Node && el.contains(event.target)) return;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(place);
    };
    window.addEventListener('scroll', follow, true);
    window.addEventListener('resize', follow);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', follow, true);
      window.removeEventListener('resize', follow);
    };
  }, [open, list, trigger]);
}

/**
 * Outside presses close the list; Escape closes it before a dialog around it sees the key
 * (Radix listens on the document in the capture phase; the window's capture phase comes first).
 */
export function useDismiss(open: boolean, list: Ref<HTMLDivElement>, trigger: Ref<HTMLButtonElement>, close: () => void) {
  useEffect(() => {
    if (!open) return;
    const press = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!list.current?.contains(target) && !trigger.current?.contains(target)) close();
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      event.preventDefault();
      close();
      trigger.current?.focus();
    };
    document.addEventListener('pointerdown', press, true);
    window.addEventListener('keydown', escape, true);
    return () => {
      document.removeEventListener('pointerdown', press, true);
      window.removeEventListener('keydown', escape, true);
    };
  });
}
