'use client';

import { useLocale } from 'next-intl';
import { useMemo } from 'react';
import { Select, SelectContent, SelectGroup, SelectItem, SelectSeparator, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { Locale } from '@/lib/i18n/locales';
import { COUNTRY_CODES, countryName } from '@/lib/locations/countries';

/** The places our merchants are in most, first; then every country by its name in this language. */
const FIRST = ['CN', 'HK', 'MO', 'TW', 'JP', 'SG', 'US', 'CA', 'GB', 'AU'];

export function CountrySelect({ value, onChange, onBlur, placeholder }: { value: string; onChange: (code: string) => void; onBlur?: () => void; placeholder: string }) {
  const locale = useLocale() as Locale;
  const rest = useMemo(() => {
    const collator = new Intl.Collator(locale);
    return COUNTRY_CODES.filter((c) => !FIRST.includes(c))
      .map((code) => ({ code, name: countryName(code, locale) }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [locale]);
  return (
    <Select value={value || undefined} onValueChange={onChange} onOpenChange={(open) => !open && onBlur?.()}>
      <SelectTrigger>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent className="max-h-72">
        <SelectGroup>
          {FIRST.map((code) => (
            <SelectItem key={code} value={code}>
              {countryName(code, locale)}
            </SelectItem>
          ))}
        </SelectGroup>
        <SelectSeparator />
        <SelectGroup>
          {rest.map(({ code, name }) => (
            <SelectItem key={code} value={code}>
              {name}
            </SelectItem>
          ))}
        </SelectGroup>
      </SelectContent>
    </Select>
  );
}
