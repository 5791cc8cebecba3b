'use client';

import { X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useFormFieldControl } from '@/components/ui/form-field';
import { controlClasses } from '@/components/ui/input';
import { cn } from '@/components/ui/cn';

/** Tags as chips; Enter or a comma (either width) adds, Backspace on empty removes the last. */
export function TagInput({ value, onChange }: { value: string[]; onChange: (tags: string[]) => void }) {
  const t = useTranslations('contacts.form');
  const field = useFormFieldControl();
  const [draft, setDraft] = useState('');
  const add = (raw: string) => {
    const next = raw
      .split(/[,，]/)
      .map((s) => s.trim())
      .filter((s) => s && !value.includes(s));
    if (next.length) onChange([...value, ...next].slice(0, 20));
    setDraft('');
  };
  // The ring is the wrapper's: controlClasses' focus-visible styles never match a <div>, and the
  // input itself draws no outline, so they follow the focus inside (and the input's invalid state).
  return (
    <div
      className={cn(
        controlClasses,
        'flex min-h-9 flex-wrap items-center gap-1.5 px-2 py-1 focus-within:border-primary focus-within:ring-2 focus-within:ring-primary/60 has-[input[aria-invalid=true]]:border-red-500 has-[input[aria-invalid=true]]:focus-within:ring-red-500/40',
      )}
    >
      {value.map((tag) => (
        <span key={tag} className="inline-flex items-center gap-1 rounded-md bg-primary-soft px-2 py-0.5 text-xs text-primary dark:bg-primary/15">
          {tag}
          <button type="button" className="cursor-pointer rounded outline-none hover:text-primary-700 focus-visible:ring-2 focus-visible:ring-primary/60" aria-label={t('removeTag', { tag })} onClick={() => onChange(value.filter((v) => v !== tag))}>
            <X className="size-3" aria-hidden="true" />
          </button>
        </span>
      ))}
      <input
        {...field}
        value={draft}
        onChange={(e) => (/[,，]/.test(e.target.value) ? add(e.target.value) : setDraft(e.target.value))}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            add(draft);
          } else if (e.key === 'Backspace' && !draft && value.length) onChange(value.slice(0, -1));
        }}
        onBlur={() => draft && add(draft)}
        className="min-w-24 flex-1 border-0 bg-transparent p-0.5 text-sm outline-none"
      />
    </div>
  );
}
