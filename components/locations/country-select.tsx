'use client';

import { useLocale } from 'next-intl';
import { useMemo } from 'react';
import { SimpleSelect } from '@/components/ui/select';
import type { Locale } from '@/lib/i18n/locales';
import { COUNTRY_CODES, countryName } from '@/lib/i18n/countries';

/** The places our merchants are in most, first; then every country by its name in this language. */
const FIRST = ['CN', 'HK', 'MO', 'TW', 'JP', 'SG', 'US', 'CA', 'GB', 'AU'];

export function CountrySelect({ value, onChange, onBlur, placeholder }: { value: string; onChange: (code: string) => void; onBlur?: () => void; placeholder: string }) {
  const locale = useLocale() as Locale;
  const groups = useMemo(() => {
    const collator = new Intl.Collator(locale);
    const rest = COUNTRY_CODES.filter((c) => !FIRST.includes(c))
      .map((code) => ({ value: code, label: countryName(code, locale) }))
      .sort((a, b) => collator.compare(a.label, b.label));
    return [FIRST.map((code) => ({ value: code, label: countryName(code, locale) })), rest];
  }, [locale]);
  return <SimpleSelect value={value || undefined} onValueChange={onChange} onOpenChange={(open) => !open && onBlur?.()} groups={groups} placeholder={placeholder} maxListHeight="18rem" />;
}
