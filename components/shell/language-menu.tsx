'use client';

import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useTransition } from 'react';
import { DropdownMenu, DropdownMenuContent, DropdownMenuRadioGroup, DropdownMenuRadioItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu-impl';
import { setLocaleAction } from '@/lib/i18n/locale-actions';
import { locales, type Locale } from '@/lib/i18n/locales';
import { LanguageFace, languageTriggerClasses } from './language-face';
import { LANGUAGE_NAMES } from './language-names';

/** The language menu of signed-out pages, loaded by LanguageSwitch (./language-switch.tsx) on first use. */
export function LanguageMenu({ className, defaultOpen }: { className?: string; defaultOpen?: boolean }) {
  const t = useTranslations('nav');
  const locale = useLocale() as Locale;
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger aria-label={`${t('language')}: ${LANGUAGE_NAMES[locale]}`} aria-busy={pending || undefined} className={languageTriggerClasses(className)}>
        <LanguageFace locale={locale} />
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
