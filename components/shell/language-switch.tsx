'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useLazyMenu } from '@/components/ui/lazy-menu';
import type { Locale } from '@/lib/i18n/locales';
import { LanguageFace, languageTriggerClasses } from './language-face';
import { LANGUAGE_NAMES } from './language-names';

const loadMenu = () => import('./language-menu').then((m) => m.LanguageMenu);

/**
 * The language menu of signed-out pages (login, privacy, terms, not-found). It is on every
 * route (the not-found page), so its menu code loads on first use (components/ui/lazy-menu.tsx).
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const t = useTranslations('nav');
  const locale = useLocale() as Locale;
  const { Menu, buttonProps } = useLazyMenu(loadMenu);
  if (Menu) return <Menu className={className} defaultOpen />;
  return (
    <button {...buttonProps} aria-label={`${t('language')}: ${LANGUAGE_NAMES[locale]}`} className={languageTriggerClasses(className)}>
      <LanguageFace locale={locale} />
    </button>
  );
}
