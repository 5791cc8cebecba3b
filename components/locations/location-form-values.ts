import type { z } from 'zod';
import type { Locale } from '@/lib/i18n/locales';
import { COUNTRY_TIME_ZONES } from '@/lib/i18n/countries';
import type { createLocationSchema } from '@/lib/locations/schema';
import type { LocationRow } from './location-row';

export type Values = z.input<typeof createLocationSchema>;

const DEFAULT_COUNTRY: Record<Locale, string> = { 'zh-CN': 'CN', 'zh-HK': 'HK', 'en-US': 'US' };

/**
 * The location form's values: the row's when editing; for a new one, the country the merchant's
 * locations already share (an English-speaking user of a Hong Kong café adds another Hong Kong
 * shop), else the country of the interface language, and its zone.
 */
export function valuesFor(row: LocationRow | null, locale: Locale, sharedCountry: string | null = null): Values {
  if (row) {
    return {
      locationName: row.locationName,
      address: row.address,
      city: row.city,
      state: row.state,
      country: row.country,
      zipCode: row.zipCode,
      phone: row.phoneDisplay,
      timezone: row.timezone,
      reviewLink: row.reviewLink ?? '',
      enabled: row.enabled,
    };
  }
  const country = sharedCountry && sharedCountry in COUNTRY_TIME_ZONES ? sharedCountry : DEFAULT_COUNTRY[locale];
  return { locationName: '', address: '', city: '', state: '', country, zipCode: '', phone: '', timezone: COUNTRY_TIME_ZONES[country], reviewLink: '', enabled: true };
}
