import { formatInTimeZone } from 'date-fns-tz';
import type { Locale } from '@/lib/i18n/locales';

export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/** Spec section 9: en-US MM/DD/YYYY HH:mm:ss, others YYYY-MM-DD HH:mm:ss. */
export function formatDateTime(value: Date | string | number | null | undefined, locale: Locale, timeZone: string = DEFAULT_TIME_ZONE): string {
  if (value === null || value === undefined || value === '') return '-';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  return formatInTimeZone(date, timeZone, locale === 'en-US' ? 'MM/dd/yyyy HH:mm:ss' : 'yyyy-MM-dd HH:mm:ss');
}

export function formatDate(value: Date | string | number | null | undefined, locale: Locale, timeZone: string = DEFAULT_TIME_ZONE): string {
  if (value === null || value === undefined || value === '') return '-';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  return formatInTimeZone(date, timeZone, locale === 'en-US' ? 'MM/dd/yyyy' : 'yyyy-MM-dd');
}
