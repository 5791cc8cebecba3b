import Link from 'next/link';
import { cn } from '@/components/ui/cn';

export function StatCard({ title, value, unit, sub, href, icon: Icon, testId, children, className }: { title: string; value: React.ReactNode; unit?: string; sub?: React.ReactNode; href?: string; icon?: React.ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>; testId?: string; children?: React.ReactNode; className?: string }) {
  const body = (
    <>
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-medium text-slate-500 dark:text-slate-400">{title}</h2>
        {Icon && <Icon className="size-5 text-primary/70 dark:text-primary-light/70" aria-hidden="true" />}
      </div>
      <p className="mt-2 flex items-baseline gap-1 text-3xl font-semibold tracking-tight text-slate-900 tabular-nums dark:text-white">
        {value}
        {unit && <span className="text-base font-medium text-slate-500 dark:text-slate-400">{unit}</span>}
      </p>
      {sub && <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{sub}</p>}
      {children}
    </>
  );
  const classes = cn('rounded-xl border border-slate-200 bg-white p-5 shadow-xs dark:border-slate-800 dark:bg-slate-900', href && 'transition-colors hover:border-primary/50', className);
  return href ? (
    <Link href={href} className={cn(classes, 'block')} data-testid={testId}>
      {body}
    </Link>
  ) : (
    <section className={classes} data-testid={testId}>
      {body}
    </section>
  );
}
