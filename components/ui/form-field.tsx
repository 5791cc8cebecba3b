'use client';

import { createContext, useContext, useId } from 'react';
import { cn } from './cn';
import { Label } from './label';

interface FieldContext {
  id: string;
  describedBy?: string;
  invalid: boolean;
  required: boolean;
}

const Context = createContext<FieldContext | null>(null);

/**
 * The ARIA wiring a control inside a FormField needs (id, aria-describedby, aria-invalid,
 * aria-required). Input, Textarea, SimpleSelect and Checkbox read it, so a field is just
 * `<FormField label=… error=…><Input {...register('x')} /></FormField>`.
 */
export function useFormFieldControl(): { id?: string; 'aria-describedby'?: string; 'aria-invalid'?: true; 'aria-required'?: true } {
  const field = useContext(Context);
  if (!field) return {};
  return {
    id: field.id,
    'aria-describedby': field.describedBy,
    'aria-invalid': field.invalid || undefined,
    'aria-required': field.required || undefined,
  };
}

export interface FormFieldProps {
  label?: React.ReactNode;
  /** A translated message shown beside the field in red (and announced). */
  error?: string | null;
  hint?: React.ReactNode;
  required?: boolean;
  /** Id of the control; generated when omitted. */
  id?: string;
  /** Put the label beside the control (checkboxes, switches) rather than above it. */
  inline?: boolean;
  /** Shown at the right of the label row, e.g. a character counter `12/100`. */
  aside?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}

export function FormField({ label, error, hint, required = false, id, inline = false, aside, className, children }: FormFieldProps) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  const value: FieldContext = { id: controlId, describedBy, invalid: !!error, required };
  const labelNode = label ? (
    <Label htmlFor={controlId} className={cn(inline && 'font-normal')}>
      {label}
      {required && (
        <span className="ms-0.5 text-red-500" aria-hidden="true">
          *
        </span>
      )}
    </Label>
  ) : null;
  return (
    <Context.Provider value={value}>
      <div className={cn('flex flex-col gap-1.5', className)}>
        {inline ? (
          <div className="flex items-center gap-2.5">
            {children}
            {labelNode}
          </div>
        ) : (
          <>
            {(labelNode || aside) && (
              <div className="flex items-baseline justify-between gap-2">
                {labelNode}
                {aside && <span className="text-xs text-slate-400 tabular-nums dark:text-slate-500">{aside}</span>}
              </div>
            )}
            {children}
          </>
        )}
        {error && (
          <p id={errorId} role="alert" className="text-[13px] leading-snug text-red-600 dark:text-red-400">
            {error}
          </p>
        )}
        {hint && (
          <p id={hintId} className="text-[13px] leading-snug text-slate-500 dark:text-slate-400">
            {hint}
          </p>
        )}
      </div>
    </Context.Provider>
  );
}
