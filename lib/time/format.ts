import type { Locale } from '@/lib/i18n/locales';

export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

// Intl's own parts, not date-fns-tz: these run in the browser on most signed-in pages, where
// date-fns + date-fns-tz were ~8 KB of first-load JavaScript (issue 22). Same text on the server.
const formatters = new Map<string, Intl.DateTimeFormat>();

function wallClock(date: Date, timeZone: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(timeZone, format);
  }
  const parts = { year: '', month: '', day: '', hour: '', minute: '', second: '' };
  for (const part of format.formatToParts(date)) if (part.type in parts) parts[part.type as keyof typeof parts] = part.value;
  parts.year = parts.year.padStart(4, '0');
  return parts;
}

function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Spec section 9: en-US MM/DD/YYYY HH:mm:ss, others YYYY-MM-DD HH:mm:ss. */
export function formatDateTime(value: Date | string | number | null | undefined, locale: Locale, timeZone: string = DEFAULT_TIME_ZONE): string {
  const date = toDate(value);
  if (!date) return '-';
  const p = wallClock(date, timeZone);
  return `${formatDate(date, locale, timeZone)} ${p.hour}:${p.minute}:${p.second}`;
}

export function formatDate(value: Date | string | number | null | undefined, locale: Locale, timeZone: string = DEFAULT_TIME_ZONE): string {
  const date = toDate(value);
  if (!date) return '-';
  const p = wallClock(date, timeZone);
  return locale === 'en-US' ? `${p.month}/${p.day}/${p.year}` : `${p.year}-${p.month}-${p.day}`;
}

/** The calendar day (YYYY-MM-DD) an instant falls on in a zone; the product's days are Asia/Shanghai's. */
export function dayIn(value: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const p = wallClock(value, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

/** An instant as a `datetime-local` input's value (yyyy-MM-ddTHH:mm) on the wall clock of a zone. */
export function toDateTimeInputValue(value: Date, timeZone: string): string {
  const p = wallClock(value, timeZone);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/**
 * A chart axis's month ('YYYY-MM') as two short lines: the month ("Dec", "12月") and its year
 * ("2025", "2025年"). "25/12" read as the 25th of December.
 */
export function formatAxisMonth(month: string, locale: Locale): { month: string; year: string } {
  const [year, mm] = month.split('-').map(Number);
  const date = new Date(Date.UTC(year, mm - 1, 15));
  return {
    month: new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' }).format(date),
    year: new Intl.DateTimeFormat(locale, { year: 'numeric', timeZone: 'UTC' }).format(date),
  };
}
