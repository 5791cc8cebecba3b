'use client';

import { cloneElement, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { cn } from './cn';
import { placeTooltip } from './tooltip-place';

/** Hover delay; moving from one tooltip to the next within SKIP_MS opens it at once. */
const DELAY_MS = 300;
const SKIP_MS = 200;
let lastClosedAt = 0;

/**
 * Kept for the screens that wrap a table or a toolbar in it: the delays are shared by every
 * tooltip now, so it only renders its children.
 */
export function TooltipProvider({ children }: { children: React.ReactNode }) {
  return children;
}

export interface TooltipProps {
  content: React.ReactNode;
  /** One focusable element (a button, a link, or a span with tabIndex={0} for cut text). */
  children: React.ReactElement<TriggerProps>;
  side?: 'top' | 'right' | 'bottom' | 'left';
  className?: string;
}

interface TriggerProps {
  'aria-describedby'?: string;
  onPointerEnter?: (event: React.PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: React.PointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: React.PointerEvent<HTMLElement>) => void;
  onFocus?: (event: React.FocusEvent<HTMLElement>) => void;
  onBlur?: (event: React.FocusEvent<HTMLElement>) => void;
}

/**
 * Shown on hover (after a short delay) and on keyboard focus, hidden on leaving, blur, a press and
 * Escape; while shown, the trigger is described by the text for screen readers. Opens in the
 * top layer (popover API) above the trigger, flipping to the other side when there is no room.
 * Without Radix: its tooltip and popper cost ~20 KB gzipped on the list screens (issue 11).
 */
export function Tooltip({ content, children, side = 'top', className }: TooltipProps) {
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [pending, setPending] = useState<HTMLElement | null>(null);
  const bubble = useRef<HTMLDivElement>(null);
  const arrow = useRef<HTMLSpanElement>(null);

  const show = (target: HTMLElement, delay: number) => {
    if (delay <= 0) {
      setPending(null);
      setAnchor(target);
    } else setPending(target);
  };
  const hide = () => {
    setPending(null);
    setAnchor((open) => {
      if (open) lastClosedAt = Date.now();
      return null;
    });
  };

  // Hover shows after a delay; leaving before it ends cancels (the timer goes with `pending`).
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setAnchor(pending), DELAY_MS);
    return () => clearTimeout(timer);
  }, [pending]);

  useLayoutEffect(() => {
    const el = bubble.current;
    if (!anchor || !el) return;
    if (typeof el.showPopover === 'function' && !el.matches(':popover-open')) el.showPopover();
    const place = placeTooltip(anchor.getBoundingClientRect(), el.offsetWidth, el.offsetHeight, side);
    Object.assign(el.style, { position: 'fixed', left: `${place.left}px`, top: `${place.top}px`, right: 'auto', bottom: 'auto' });
    if (arrow.current) Object.assign(arrow.current.style, place.arrow);
    const close = (event: Event) => (event.type !== 'keydown' || (event as KeyboardEvent).key === 'Escape') && hide();
    window.addEventListener('keydown', close, true);
    window.addEventListener('scroll', close, true);
    return () => {
      window.removeEventListener('keydown', close, true);
      window.removeEventListener('scroll', close, true);
    };
  }, [anchor, side]);

  if (content === null || content === undefined || content === '') return children;
  const own = children.props;
  return (
    <>
      {cloneElement(children, { 'aria-describedby': anchor ? [own['aria-describedby'], id].filter(Boolean).join(' ') : own['aria-describedby'], ...triggerHandlers(own, show, hide) })}
      {anchor && (
        <div
          ref={bubble}
          id={id}
          role="tooltip"
          popover="manual"
          className={cn('pointer-events-none z-50 m-0 max-w-xs overflow-visible rounded-md border-0 bg-slate-900 px-2.5 py-1.5 text-xs leading-relaxed text-white shadow-md animate-pop-in dark:bg-slate-700', className)}
        >
          {content}
          <span ref={arrow} aria-hidden="true" className="absolute size-2 rotate-45 bg-slate-900 dark:bg-slate-700" />
        </div>
      )}
    </>
  );
}

/** The trigger's own handlers, then the tooltip's. */
function triggerHandlers(own: TriggerProps, show: (target: HTMLElement, delay: number) => void, hide: () => void): TriggerProps {
  return {
    onPointerEnter: (event) => {
      own.onPointerEnter?.(event);
      if (event.pointerType !== 'touch') show(event.currentTarget, Date.now() - lastClosedAt < SKIP_MS ? 0 : DELAY_MS);
    },
    onPointerLeave: (event) => {
      own.onPointerLeave?.(event);
      hide();
    },
    onPointerDown: (event) => {
      own.onPointerDown?.(event);
      hide();
    },
    onFocus: (event) => {
      own.onFocus?.(event);
      // Keyboard focus only: a click focuses too, and should not bring the tooltip up.
      if (event.currentTarget.matches(':focus-visible')) show(event.currentTarget, 0);
    },
    onBlur: (event) => {
      own.onBlur?.(event);
      hide();
    },
  };
}
