'use client';

import * as LabelPrimitive from '@radix-ui/react-label';
import { cn } from './cn';

export function Label({ className, ...props }: React.ComponentProps<typeof LabelPrimitive.Root>) {
  return <LabelPrimitive.Root className={cn('text-sm font-medium text-slate-700 select-none dark:text-slate-200', className)} {...props} />;
}
