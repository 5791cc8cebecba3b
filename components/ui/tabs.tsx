'use client';

import { createContext, useContext, useId, useRef, useState } from 'react';
import { cn } from './cn';
import { listClasses, tabClasses, TabCount } from './tab-parts';

interface TabsState {
  value: string;
  setValue: (value: string) => void;
  baseId: string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error('Tabs parts must be inside <Tabs>');
  return state;
}

export interface TabsProps {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  className?: string;
  children: React.ReactNode;
}

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs; the panel follows. */
export function Tabs({ value, defaultValue = '', onValueChange, className, children }: TabsProps) {
  const [inner, setInner] = useState(defaultValue);
  const baseId = useId();
  const current = value ?? inner;
  const setValue = (next: string) => {
    if (value === undefined) setInner(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext.Provider value={{ value: current, setValue, baseId }}>
      <div className={className}>{children}</div>
    </TabsContext.Provider>
  );
}

export function TabsList({ className, children, 'aria-label': ariaLabel }: { className?: string; children: React.ReactNode; 'aria-label'?: string }) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: React.KeyboardEvent) => {
    const tabs = Array.from(list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]:not([disabled])') ?? []);
    const index = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const moves: Record<string, number> = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1, Home: -index, End: tabs.length - 1 - index };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = tabs[(index + moves[event.key] + tabs.length) % tabs.length];
    next.focus();
    next.click();
  };
  return (
    <div ref={list} role="tablist" aria-label={ariaLabel} className={cn(listClasses, className)} onKeyDown={onKeyDown}>
      {children}
    </div>
  );
}

export function TabsTrigger({ value, className, children, count, disabled }: { value: string; className?: string; children: React.ReactNode; count?: number; disabled?: boolean }) {
  const tabs = useTabs();
  const active = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={`${tabs.baseId}-tab-${value}`}
      aria-selected={active}
      tabIndex={active ? 0 : -1}
      disabled={disabled}
      onClick={() => tabs.setValue(value)}
      className={cn(tabClasses(active), className)}
    >
      {children}
      {count !== undefined && <TabCount active={active} count={count} />}
    </button>
  );
}
