import { cn } from './cn';

const dots = {
  neutral: 'bg-slate-400',
  primary: 'bg-primary',
  success: 'bg-emerald-500',
  warning: 'bg-amber-500',
  danger: 'bg-red-500',
  info: 'bg-sky-500',
} as const;

export type StatusTone = keyof typeof dots;

/** A coloured dot with its label (colour is never the only signal). `pulse` for live states such as sending. */
export function StatusDot({ tone = 'neutral', label, pulse = false, className }: { tone?: StatusTone; label: React.ReactNode; pulse?: boolean; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 text-sm whitespace-nowrap text-slate-700 dark:text-slate-200', className)}>
      <span className="relative flex size-2" aria-hidden="true">
        {pulse && <span className={cn('absolute inline-flex size-full animate-ping rounded-full opacity-60', dots[tone])} />}
        <span className={cn('relative inline-flex size-2 rounded-full', dots[tone])} />
      </span>
      {label}
    </span>
  );
}
