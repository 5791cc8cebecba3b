'use client';

import { Input } from '@/components/ui/input';
import { cn } from '@/components/ui/cn';

/** A 6-digit code box: digits only, numeric keypad on phones, the OS's one-time-code autofill. */
export function CodeInput({ value, onChange, className, ...props }: Omit<React.ComponentProps<'input'>, 'onChange' | 'value'> & { value: string; onChange: (value: string) => void }) {
  return (
    <Input
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      pattern="[0-9]*"
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, 6))}
      className={cn('h-11 text-center font-mono text-xl tracking-[0.5em]', className)}
      {...props}
    />
  );
}
