import { cn, focusRing } from './cn';

/**
 * The kit's button look without the Button component (./button.tsx): for a plain <button> or a link
 * in code every route loads, where Button would bring Radix's Slot along (issue 22).
 */
const variants = {
  primary: 'bg-primary-700 text-white shadow-sm hover:bg-primary-800 active:bg-primary-900 disabled:bg-primary/50',
  secondary:
    'border border-slate-300 bg-white text-slate-700 shadow-sm hover:border-primary/60 hover:text-primary hover:bg-primary-soft dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-primary-light',
  ghost: 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
  danger: 'bg-red-600 text-white shadow-sm hover:bg-red-700 active:bg-red-800 disabled:bg-red-600/50',
  link: 'text-primary underline-offset-4 hover:underline px-0 h-auto dark:text-primary-light',
} as const;

const sizes = {
  sm: 'h-8 gap-1.5 rounded-md px-3 text-[13px]',
  md: 'h-9 gap-2 rounded-lg px-4 text-sm',
  lg: 'h-11 gap-2 rounded-lg px-5 text-[15px]',
  icon: 'size-9 rounded-lg',
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', className?: string): string {
  return cn(
    'inline-flex shrink-0 cursor-pointer items-center justify-center font-medium whitespace-nowrap transition-colors select-none disabled:cursor-not-allowed disabled:opacity-70 [&_svg]:size-4 [&_svg]:shrink-0',
    focusRing,
    sizes[size],
    variants[variant],
    className,
  );
}
