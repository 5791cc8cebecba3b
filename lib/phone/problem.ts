import { AppError } from '@/lib/errors/app-error';
import type { Locale } from '@/lib/i18n/locales';
import { countryName } from '@/lib/i18n/countries';
import { formatPhone } from './format';
import { readPhone, supportedRegion, type PhoneReading } from './read';

export interface PhoneProblem {
  /** Message key, translated where shown. */
  key: string;
  values: Record<string, string>;
}

/** Why a typed number was refused, in words a user can act on (with the region it was read in). */
export function phoneProblem(reading: Exclude<PhoneReading, { ok: true }>, region: string | null | undefined, locale: Locale): PhoneProblem {
  if (reading.problem === 'typed') return { key: 'validation.phone', values: {} };
  if (reading.problem === 'ambiguous') return { key: 'phone.errors.ambiguous', values: { readings: reading.readings.map(formatPhone).join(' / ') } };
  const home = supportedRegion(region);
  if (reading.international || !home) return { key: 'phone.errors.invalid', values: {} };
  return { key: 'phone.errors.invalidIn', values: { country: countryName(home, locale) } };
}

/**
 * The E.164 number to store for a form or API field, or the refusal with the field error beside
 * it (400 VALIDATION). `region`: the contact's location's country, else the merchant's (./region.ts).
 */
export function phoneOrRefuse(value: string, region: string | null | undefined, locale: Locale, field = 'phone'): string {
  const reading = readPhone(value, region);
  if (reading.ok) return reading.e164;
  const problem = phoneProblem(reading, region, locale);
  throw new AppError('VALIDATION', problem.key, { values: problem.values, fieldErrors: { [field]: problem.key } });
}

/**
 * An edit form sends the stored number back as it was shown: it is kept as stored, so a number
 * saved before the current rule (not migrated) does not block editing the rest of the record.
 */
export function isStoredNumber(value: string, stored: string | null | undefined): boolean {
  return !!stored && `+${value.replace(/\D/g, '')}` === stored && value.trim().startsWith('+');
}
