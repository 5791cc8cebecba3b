import { cn, focusRing } from './cn';

/**
 * What ARIA tabs (./tabs.tsx) and link tabs (./link-tabs.tsx) share: the look and the count badge.
 * The baseline is an inset shadow, not a border the tabs overlap by a pixel: that overlap made
 * 40 px of tabs in a 39 px scrolling box, and where scrollbars always show (Windows) a stray
 * vertical scroll arrow appeared. The list scrolls sideways only.
 */
export const listClasses = 'flex items-center gap-1 overflow-x-auto overflow-y-hidden tab-baseline';
export const tabClasses = (active: boolean) =>
  cn(
    'relative inline-flex h-10 shrink-0 cursor-pointer items-center gap-2 border-b-2 px-3 text-sm font-medium whitespace-nowrap transition-colors',
    active
      ? 'border-primary text-primary dark:text-primary-light'
      : 'border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-800 dark:text-slate-400 dark:hover:border-slate-600 dark:hover:text-slate-200',
    focusRing,
    'focus-visible:ring-offset-0 focus-visible:rounded-t-md',
  );

export function TabCount({ active, count }: { active: boolean; count: number }) {
  return (
    <span className={cn('rounded-full px-1.5 py-px text-xs tabular-nums', active ? 'bg-primary-soft text-primary dark:bg-primary/15 dark:text-primary-light' : 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300')}>
      {count}
    </span>
  );
}
