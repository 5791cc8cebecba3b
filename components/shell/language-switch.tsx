import { getLocale, getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/locales';
import { LanguageFace, languageTriggerClasses } from './language-face';
import { LanguageSwitchButton } from './language-switch-button';
import { LANGUAGE_NAMES } from './language-names';

/**
 * The language menu of signed-out pages (login, privacy, terms, not-found). It is on every route
 * (the not-found page), so its face and classes are rendered here, on the server: the browser gets
 * only the button that loads the menu on first use (issue 22: no icons or class merging in every
 * route's first load).
 */
export async function LanguageSwitch({ className }: { className?: string }) {
  const t = await getTranslations('nav');
  const locale = (await getLocale()) as Locale;
  return (
    <LanguageSwitchButton className={className} triggerClassName={languageTriggerClasses(className)} label={`${t('language')}: ${LANGUAGE_NAMES[locale]}`}>
      <LanguageFace locale={locale} />
    </LanguageSwitchButton>
  );
}
