'use client';

import { ChevronDown, Languages } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useTransition } from 'react';
import { cn, focusRing } from '@/components/ui/cn';
import { DropdownMenu, DropdownMenuContent, DropdownMenuRadioGroup, DropdownMenuRadioItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { setLocaleAction } from '@/lib/i18n/locale-actions';
import { locales, type Locale } from '@/lib/i18n/locales';
import { LANGUAGE_NAMES } from './language-names';

/** The language menu of signed-out pages (login, privacy, terms, not-found). */
export function LanguageSwitch({ className }: { className?: string }) {
  const t = useTranslations('nav');
  const locale = useLocale() as Locale;
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        aria-label={`${t('language')}: ${LANGUAGE_NAMES[locale]}`}
        aria-busy={pending || undefined}
        className={cn('inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white', focusRing, className)}
      >
        <Languages className="size-4" aria-hidden="true" />
        {LANGUAGE_NAMES[locale]}
        <ChevronDown className="size-3.5 opacity-60" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="min-w-36">
        <DropdownMenuRadioGroup
          value={locale}
          onValueChange={(next) =>
            next !== locale &&
            startTransition(async () => {
              await setLocaleAction(next);
              router.refresh();
            })
          }
        >
          {locales.map((l) => (
            <DropdownMenuRadioItem key={l} value={l} lang={l}>
              {LANGUAGE_NAMES[l]}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
