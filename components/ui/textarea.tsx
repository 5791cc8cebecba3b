'use client';

import { cn } from './cn';
import { useFormFieldControl } from './form-field';
import { controlClasses } from './input';

export function Textarea({ className, rows = 4, ...props }: React.ComponentProps<'textarea'>) {
  const field = useFormFieldControl();
  return <textarea rows={rows} className={cn(controlClasses, 'min-h-16 px-3 py-2 leading-relaxed', className)} {...field} {...props} />;
}
