import type { useTranslations } from 'next-intl';
import type { Forecast } from '@/lib/campaigns/forecast';

type ForecastTranslator = ReturnType<typeof useTranslations<'sending.forecast'>>;

/**
 * The members preview and the forecast in one line, so their counts cannot seem to disagree:
 * "28 match, 0 will receive it: all asked in the last 30 days". When matching members are all
 * skipped for one reason, the line says which.
 */
export function forecastHeadline(t: ForecastTranslator, forecast: Forecast): string {
  const counts = t('headline', { matched: forecast.matched, recipients: forecast.recipients });
  if (forecast.recipients > 0 || forecast.matched === 0) return counts;
  const [only, ...others] = forecast.matchedSkipReasons;
  const why = !only || others.length ? t('allSkipped.mixed') : t(`allSkipped.${only}`, { days: forecast.frequencyCapDays });
  return t('headlineWhy', { counts, why });
}
