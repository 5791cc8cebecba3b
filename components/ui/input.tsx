'use client';

import { cn, focusRing } from './cn';
import { useFormFieldControl } from './form-field';

/** Shared by Input, Textarea and SimpleSelect so every control looks and fails the same way. */
export const controlClasses = cn(
  'w-full rounded-lg border border-slate-300 bg-white text-sm text-slate-900 shadow-xs transition-colors placeholder:text-slate-400',
  'hover:border-slate-400 focus-visible:border-primary disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500',
  'aria-invalid:border-red-500 aria-invalid:focus-visible:ring-red-500/40',
  'dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-500 dark:hover:border-slate-600 dark:disabled:bg-slate-800/60',
  focusRing,
  'focus-visible:ring-offset-0',
);

export interface InputProps extends React.ComponentProps<'input'> {
  /** An icon or text shown inside the box, before the value. */
  leading?: React.ReactNode;
  /** An icon, unit or button shown inside the box, after the value. */
  trailing?: React.ReactNode;
}

export function Input({ className, leading, trailing, ...props }: InputProps) {
  const field = useFormFieldControl();
  const input = <input className={cn(controlClasses, 'h-9 px-3', leading ? 'ps-9' : undefined, trailing ? 'pe-9' : undefined, className)} {...field} {...props} />;
  if (!leading && !trailing) return input;
  return (
    <div className="relative w-full">
      {leading && <span className="pointer-events-none absolute inset-y-0 start-0 flex items-center ps-3 text-slate-400 [&_svg]:size-4">{leading}</span>}
      {input}
      {trailing && <span className="absolute inset-y-0 end-0 flex items-center pe-2 text-slate-400 [&_svg]:size-4">{trailing}</span>}
    </div>
  );
}
