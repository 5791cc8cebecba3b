import { Check } from 'lucide-react';
import { cn } from '@/components/ui/cn';

/** The registration steps as an ordered list; the current one is announced with aria-current. */
export function StepIndicator({ steps, current }: { steps: string[]; current: number }) {
  return (
    <ol className="flex items-center gap-2" aria-label={steps.join(' → ')}>
      {steps.map((label, index) => {
        const done = index < current;
        const active = index === current;
        return (
          <li key={label} className="flex flex-1 items-center gap-2" aria-current={active ? 'step' : undefined}>
            <span
              className={cn(
                'flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                done && 'bg-primary-700 text-white',
                active && 'bg-primary-soft text-primary ring-2 ring-primary dark:bg-primary/20 dark:text-primary-light',
                !done && !active && 'bg-slate-200 text-slate-500 dark:bg-slate-800 dark:text-slate-400',
              )}
            >
              {done ? <Check className="size-4" aria-hidden="true" /> : index + 1}
            </span>
            <span className={cn('truncate text-sm', active ? 'font-medium text-slate-900 dark:text-white' : 'text-slate-500 dark:text-slate-400')}>{label}</span>
            {index < steps.length - 1 && <span aria-hidden="true" className="h-px flex-1 bg-slate-200 mobile:hidden dark:bg-slate-700" />}
          </li>
        );
      })}
    </ol>
  );
}
