import { cn } from './cn';

export interface PageHeaderProps {
  title: React.ReactNode;
  description?: React.ReactNode;
  /** Buttons at the right (under the title at <= 720 px). */
  actions?: React.ReactNode;
  /** A back link or breadcrumb shown above the title. */
  back?: React.ReactNode;
  className?: string;
}

/** The heading of every signed-in page: the page's one <h1>. */
export function PageHeader({ title, description, actions, back, className }: PageHeaderProps) {
  return (
    <header className={cn('mb-6 flex flex-col gap-3 mobile:mb-4', className)}>
      {back && <div className="-ms-1 text-sm">{back}</div>}
      <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 mobile:text-xl dark:text-white">{title}</h1>
          {description && <p className="max-w-3xl text-sm leading-relaxed text-slate-500 dark:text-slate-400">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2 mobile:w-full">{actions}</div>}
      </div>
    </header>
  );
}
