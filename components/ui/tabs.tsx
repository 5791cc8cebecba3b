'use client';

import Link from 'next/link';
import { createContext, useContext, useId, useRef, useState } from 'react';
import { cn, focusRing } from './cn';

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

const listClasses = 'flex items-center gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800';
const tabClasses = (active: boolean) =>
  cn(
    'relative -mb-px inline-flex h-10 shrink-0 cursor-pointer items-center gap-2 border-b-2 px-3 text-sm font-medium whitespace-nowrap transition-colors',
    active
      ? 'border-primary text-primary dark:text-primary-light'
      : 'border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-800 dark:text-slate-400 dark:hover:border-slate-600 dark:hover:text-slate-200',
    focusRing,
    'focus-visible:ring-offset-0 focus-visible:rounded-t-md',
  );

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
export interface LinkTab {
  href: string;
  label: React.ReactNode;
  active: boolean;
  count?: number;
}

/** Tabs that are routes (Campaigns | Templates): links with aria-current, not ARIA tabs. */
export function LinkTabs({ items, className, 'aria-label': ariaLabel }: { items: readonly LinkTab[]; className?: string; 'aria-label'?: string }) {
  return (
    <nav aria-label={ariaLabel} className={cn(listClasses, className)}>
      {items.map((item) => (
        <Link key={item.href} href={item.href} aria-current={item.active ? 'page' : undefined} className={tabClasses(item.active)}>
          {item.label}
          {item.count !== undefined && <TabCount active={item.active} count={item.count} />}
        </Link>
      ))}
    </nav>
  );
}

function TabCount({ active, count }: { active: boolean; count: number }) {
  return (
    <span className={cn('rounded-full px-1.5 py-px text-xs tabular-nums', active ? 'bg-primary-soft text-primary dark:bg-primary/15 dark:text-primary-light' : 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300')}>
      {count}
    </span>
  );
}
