import { cn } from './cn';

/** A grey placeholder block while content loads; decorative (wrap groups in aria-busy). */
export function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-slate-200/80 dark:bg-slate-800', className)} {...props} />;
}

/** A bordered panel of placeholders (rows of a list or table) while it loads. */
export function SkeletonPanel({ className, ...props }: React.ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900', className)} {...props} />;
}
