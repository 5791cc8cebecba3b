import { Inbox } from 'lucide-react';
import { cn } from './cn';

export interface EmptyStateProps {
  /** A lucide icon component; defaults to an empty tray. */
  icon?: React.ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  title: React.ReactNode;
  description?: React.ReactNode;
  /** Buttons or a menu shown under the text (e.g. the create menu). */
  action?: React.ReactNode;
  className?: string;
}

export function EmptyState({ icon: Icon = Inbox, title, description, action, className }: EmptyStateProps) {
  return (
    <div className={cn('flex flex-col items-center justify-center gap-3 px-6 py-14 text-center', className)}>
      <span className="flex size-14 items-center justify-center rounded-2xl bg-primary-soft text-primary ring-8 ring-primary-soft/50 dark:bg-primary/15 dark:text-primary-light dark:ring-primary/5">
        <Icon className="size-7" aria-hidden="true" />
      </span>
      <h2 className="mt-2 text-base font-semibold text-slate-900 dark:text-slate-100">{title}</h2>
      {description && <p className="max-w-md text-sm leading-relaxed text-slate-500 dark:text-slate-400">{description}</p>}
      {action && <div className="mt-2 flex flex-wrap items-center justify-center gap-2">{action}</div>}
    </div>
  );
}
