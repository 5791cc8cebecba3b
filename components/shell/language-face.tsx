import { ChevronDown, Languages } from 'lucide-react';
import { cn, focusRing } from '@/components/ui/cn';
import type { Locale } from '@/lib/i18n/locales';
import { LANGUAGE_NAMES } from './language-names';

export function languageTriggerClasses(className?: string): string {
  return cn('inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white', focusRing, className);
}

/** What the language button shows, the same before and after the menu's code has loaded. */
export function LanguageFace({ locale }: { locale: Locale }) {
  return (
    <>
      <Languages className="size-4" aria-hidden="true" />
      {LANGUAGE_NAMES[locale]}
      <ChevronDown className="size-3.5 opacity-60" aria-hidden="true" />
    </>
  );
}
