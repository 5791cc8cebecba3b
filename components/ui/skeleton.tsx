import { cn } from './cn';

/** A grey placeholder block while content loads; decorative (wrap groups in aria-busy). */
export function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-slate-200/80 dark:bg-slate-800', className)} {...props} />;
}
