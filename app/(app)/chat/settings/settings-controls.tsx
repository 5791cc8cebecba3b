'use client';

import { ChevronRight, type Sun } from 'lucide-react';
import Link from 'next/link';
import { cn, focusRing } from '@/components/ui/cn';

/** A choice of a group (theme, language): pressed when it is the current one. */
export function ChoiceButton({ selected, onSelect, testId, lang, children }: { selected: boolean; onSelect: () => void; testId: string; lang?: string; children: React.ReactNode }) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={selected}
      data-testid={testId}
      lang={lang}
      onClick={onSelect}
      className={cn(
        'flex h-12 items-center justify-center gap-2 rounded-lg border text-sm font-medium transition-colors',
        selected
          ? 'border-primary bg-primary-soft text-primary dark:bg-primary/15 dark:text-primary-light'
          : 'border-slate-200 text-slate-700 hover:border-primary/50 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800',
        focusRing,
      )}
    >
      {children}
    </button>
  );
}

/** A row that links elsewhere (privacy, terms, contact), with an icon and a chevron. */
export function RowLink({ href, icon: Icon, label, detail, external }: { href: string; icon: typeof Sun; label: string; detail?: string; external?: boolean }) {
  const className = cn('flex items-center gap-3 px-5 py-3.5 text-sm text-slate-700 hover:bg-slate-50 dark:text-slate-200 dark:hover:bg-slate-800/60', focusRing);
  const inner = (
    <>
      <Icon className="size-4 text-slate-400" aria-hidden="true" />
      <span className="flex-1">{label}</span>
      {detail && <span className="text-slate-400 mobile:hidden">{detail}</span>}
      <ChevronRight className="size-4 text-slate-400" aria-hidden="true" />
    </>
  );
  return external ? (
    <a href={href} className={className}>
      {inner}
    </a>
  ) : (
    <Link href={href} className={className}>
      {inner}
    </Link>
  );
}
