'use client';

import { useEffect, useRef } from 'react';
import { cn, focusRing } from './cn';
import { useFormFieldControl } from './form-field';

export interface CheckboxProps extends Omit<React.ComponentProps<'input'>, 'type' | 'onChange'> {
  /** Shown as the "some selected" dash (select-all of a table). */
  indeterminate?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  onChange?: React.ChangeEventHandler<HTMLInputElement>;
  /** A label beside the box; otherwise name it with FormField or aria-label. */
  label?: React.ReactNode;
}

/** A native checkbox (keyboard, forms and react-hook-form `register` work as usual), our look. */
export function Checkbox({ indeterminate = false, onCheckedChange, onChange, label, className, ref, ...props }: CheckboxProps) {
  const field = useFormFieldControl();
  const inner = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    if (inner.current) inner.current.indeterminate = indeterminate;
  }, [indeterminate]);
  const box = (
    <input
      type="checkbox"
      ref={(node) => {
        inner.current = node;
        if (typeof ref === 'function') ref(node);
        else if (ref) ref.current = node;
      }}
      className={cn(
        'size-4 shrink-0 cursor-pointer appearance-none rounded border border-slate-300 bg-white bg-center bg-no-repeat transition-colors disabled:cursor-not-allowed disabled:opacity-50 dark:border-slate-600 dark:bg-slate-900',
        'checked:border-primary checked:bg-primary checked:bg-[url("data:image/svg+xml,%3Csvg%20xmlns=%27http://www.w3.org/2000/svg%27%20viewBox=%270%200%2016%2016%27%20fill=%27none%27%20stroke=%27white%27%20stroke-width=%272.5%27%20stroke-linecap=%27round%27%20stroke-linejoin=%27round%27%3E%3Cpath%20d=%27M3.5%208.5l3%203%206-7%27/%3E%3C/svg%3E")]',
        'indeterminate:border-primary indeterminate:bg-primary indeterminate:bg-[url("data:image/svg+xml,%3Csvg%20xmlns=%27http://www.w3.org/2000/svg%27%20viewBox=%270%200%2016%2016%27%20fill=%27none%27%20stroke=%27white%27%20stroke-width=%272.5%27%20stroke-linecap=%27round%27%3E%3Cpath%20d=%27M4%208h8%27/%3E%3C/svg%3E")]',
        'hover:border-primary aria-invalid:border-red-500',
        focusRing,
        'focus-visible:ring-offset-1',
        className,
      )}
      onChange={(event) => {
        onChange?.(event);
        onCheckedChange?.(event.target.checked);
      }}
      {...field}
      {...props}
    />
  );
  if (!label) return box;
  return (
    <label className="inline-flex cursor-pointer items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
      {box}
      <span>{label}</span>
    </label>
  );
}
