'use client';

import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { createContext, useContext } from 'react';
import { cn } from './cn';

const ProviderAbove = createContext(false);

/**
 * Shared delays for the tooltips below it (moving from one to the next opens it at once): wrap a
 * table or a toolbar that shows many. Not in the root layout, so that Radix's tooltip code loads
 * only on the screens that show a tooltip; a Tooltip without one above brings its own.
 */
export function TooltipProvider({ children }: { children: React.ReactNode }) {
  return (
    <ProviderAbove.Provider value={true}>
      <TooltipPrimitive.Provider delayDuration={300} skipDelayDuration={200}>
        {children}
      </TooltipPrimitive.Provider>
    </ProviderAbove.Provider>
  );
}

export interface TooltipProps {
  content: React.ReactNode;
  /** One focusable element (a button, a link, or a span with tabIndex={0} for cut text). */
  children: React.ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
  className?: string;
}

/** Shown on hover and keyboard focus; the trigger is described by the text for screen readers. */
export function Tooltip({ content, children, side = 'top', className }: TooltipProps) {
  const providerAbove = useContext(ProviderAbove);
  if (content === null || content === undefined || content === '') return children;
  const tooltip = (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          side={side}
          sideOffset={6}
          collisionPadding={8}
          className={cn('z-50 max-w-xs rounded-md bg-slate-900 px-2.5 py-1.5 text-xs leading-relaxed text-white shadow-md data-[state=delayed-open]:animate-pop-in dark:bg-slate-700', className)}
        >
          {content}
          <TooltipPrimitive.Arrow className="fill-slate-900 dark:fill-slate-700" />
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
  return providerAbove ? tooltip : <TooltipProvider>{tooltip}</TooltipProvider>;
}
