'use client';

import { cn, focusRing } from './cn';
import { useFormFieldControl } from './form-field';

export interface SwitchProps extends Omit<React.ComponentProps<'button'>, 'onChange' | 'value'> {
  checked: boolean;
  onCheckedChange?: (checked: boolean) => void;
  size?: 'sm' | 'md';
}

/** An on/off toggle (role="switch"); Space and Enter flip it like any button. */
export function Switch({ checked, onCheckedChange, size = 'md', className, disabled, ...props }: SwitchProps) {
  const field = useFormFieldControl();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      disabled={disabled}
      data-state={checked ? 'checked' : 'unchecked'}
      onClick={() => onCheckedChange?.(!checked)}
      className={cn(
        'group relative inline-flex shrink-0 cursor-pointer items-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-50',
        size === 'md' ? 'h-5.5 w-10' : 'h-4.5 w-8',
        checked ? 'bg-primary' : 'bg-slate-300 dark:bg-slate-600',
        focusRing,
        className,
      )}
      {...field}
      {...props}
    >
      <span
        aria-hidden="true"
        className={cn(
          'pointer-events-none inline-block rounded-full bg-white shadow-sm ring-0 transition-transform',
          size === 'md' ? 'size-4.5' : 'size-3.5',
          checked ? (size === 'md' ? 'translate-x-5' : 'translate-x-4') : 'translate-x-0.5',
          'rtl:-scale-x-100',
        )}
      />
    </button>
  );
}
