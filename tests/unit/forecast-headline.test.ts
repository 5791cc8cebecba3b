import { describe, expect, it } from 'vitest';
import { forecastHeadline } from '@/components/sending/forecast-headline';
import type { Forecast } from '@/lib/campaigns/forecast';
import { translatorFor } from '@/lib/i18n/translator';
import { locales } from '@/lib/i18n/locales';

/**
 * The request form said "Preview members: 28" while its forecast said 0 will receive it, without
 * saying why. The forecast now says both on one line, and the reason when every match is skipped.
 */
const forecast = (over: Partial<Forecast>): Forecast => ({
  considered: 30,
  matched: 28,
  matchedSkipReasons: [],
  frequencyCapDays: 30,
  recipients: 28,
  skipped: [],
  firstSendAt: null,
  lastSendAt: null,
  ratePerSecond: 5,
  sms: null,
  emptyTokens: [],
  ...over,
});

function forecastT(locale: (typeof locales)[number]) {
  const t = translatorFor(locale);
  return ((key: string, values?: Record<string, string | number>) => t(`sending.forecast.${key}` as never, values as never)) as unknown as Parameters<typeof forecastHeadline>[0];
}

describe('the forecast headline', () => {
  it('says how many match and how many receive it, and why nobody does', () => {
    const t = forecastT('en-US');
    expect(forecastHeadline(t, forecast({ recipients: 0, matchedSkipReasons: ['frequency_cap'] }))).toBe('28 match, 0 will receive it: all asked in the last 30 days');
    expect(forecastHeadline(t, forecast({}))).toBe('28 match, 28 will receive it');
    expect(forecastHeadline(t, forecast({ recipients: 0, matchedSkipReasons: ['opted_out', 'frequency_cap'] }))).toBe('28 match, 0 will receive it: see Skipped below for why');
  });

  it('reads in all three languages', () => {
    for (const locale of locales) {
      const line = forecastHeadline(forecastT(locale), forecast({ recipients: 0, matchedSkipReasons: ['frequency_cap'] }));
      expect(line).toMatch(/28[\s\S]*0[\s\S]*30/);
      expect(line).not.toContain('sending.forecast');
    }
  });
});
