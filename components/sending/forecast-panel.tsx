'use client';

import { useEffect, useState, useTransition } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { AlertTriangle, CalendarClock, RefreshCw, Send, Users } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { forecastAction } from '@/lib/campaigns/actions';
import type { Forecast } from '@/lib/campaigns/forecast';
import type { Locale } from '@/lib/i18n/locales';
import { formatDateTime } from '@/lib/time/format';
import { forecastHeadline } from './forecast-headline';

interface ForecastPanelProps {
  /** The request form's values as they stand (the campaign input shape). */
  values: Record<string, unknown>;
}

/**
 * Issue 7 item 9: before Send or Schedule, what the dispatcher will do with this form, worked out
 * on the server by the engine's own rules. Recomputed shortly after the form stops changing.
 */
export function ForecastPanel({ values }: ForecastPanelProps) {
  const t = useTranslations('sending.forecast');
  const tr = useTranslations('sending.reasons');
  const locale = useLocale() as Locale;
  const [forecast, setForecast] = useState<Forecast | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const [nonce, setNonce] = useState(0);
  const ready = Boolean(values.locationId) && Boolean(values.templateId);
  const key = JSON.stringify(values);

  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(() => {
      start(async () => {
        const result = await forecastAction(JSON.parse(key));
        if (result.ok) {
          setForecast(result.data);
          setError(null);
        } else {
          setError(result.message || t('failed'));
        }
      });
    }, 600);
    return () => clearTimeout(timer);
  }, [key, ready, nonce, t]);

  const zone = typeof values.timezone === 'string' ? values.timezone : undefined;
  return (
    <Card aria-busy={pending} data-testid="forecast-panel">
      <CardHeader
        actions={
          ready ? (
            <Button variant="ghost" size="sm" onClick={() => setNonce((n) => n + 1)} loading={pending} aria-label={t('refresh')}>
              <RefreshCw className="size-4" aria-hidden />
            </Button>
          ) : null
        }
      >
        <CardTitle as="h3">{t('title')}</CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        {!ready && <p className="text-slate-500 dark:text-slate-400">{t('needInput')}</p>}
        {ready && !forecast && !error && <Skeleton className="h-24 w-full" />}
        {ready && error && (
          <p role="alert" className="text-red-600 dark:text-red-400">
            {error}
          </p>
        )}
        {ready && forecast && !error && (
          <>
            <div className="flex items-start gap-3">
              <Users className="mt-0.5 size-5 text-primary" aria-hidden />
              <div>
                <p className={forecast.recipients === 0 ? 'text-base font-semibold text-amber-700 dark:text-amber-400' : 'text-base font-semibold'} data-testid="forecast-recipients">
                  {forecastHeadline(t, forecast)}
                </p>
                <p className="text-slate-500 dark:text-slate-400">{t('considered', { count: forecast.considered })}</p>
              </div>
            </div>
            <div>
              <p className="mb-1 font-medium">{t('skippedTitle')}</p>
              {forecast.skipped.length === 0 ? (
                <p className="text-slate-500 dark:text-slate-400">{t('noneSkipped')}</p>
              ) : (
                <ul className="grid grid-cols-1 gap-1 sm:grid-cols-2">
                  {forecast.skipped.map((s) => (
                    <li key={s.reason} className="flex justify-between rounded bg-slate-50 px-2 py-1 dark:bg-slate-800/60">
                      <span>{tr(s.reason)}</span>
                      <span className="tabular-nums font-medium">{s.count}</span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
            <div className="flex items-start gap-3">
              <CalendarClock className="mt-0.5 size-5 text-primary" aria-hidden />
              {forecast.recipients > 0 && !forecast.firstSendAt ? (
                <p className="text-amber-700 dark:text-amber-400">{t('never')}</p>
              ) : (
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                  <dt className="text-slate-500 dark:text-slate-400">{t('first')}</dt>
                  <dd className="tabular-nums">{formatDateTime(forecast.firstSendAt, locale, zone)}</dd>
                  <dt className="text-slate-500 dark:text-slate-400">{t('last')}</dt>
                  <dd className="tabular-nums">{formatDateTime(forecast.lastSendAt, locale, zone)}</dd>
                </dl>
              )}
            </div>
            <p className="flex items-center gap-2 text-slate-500 dark:text-slate-400">
              <Send className="size-4" aria-hidden />
              {t('rate', { rate: forecast.ratePerSecond })}
            </p>
            {forecast.sms && <p>{t('segments', { perMessage: forecast.sms.segmentsPerMessage, encoding: forecast.sms.encoding, total: forecast.sms.totalSegments })}</p>}
            {forecast.emptyTokens.length > 0 && (
              <ul className="space-y-1" aria-label={t('title')}>
                {forecast.emptyTokens.map((e) => (
                  <li key={e.token} className="flex items-center gap-2 text-amber-700 dark:text-amber-400">
                    <AlertTriangle className="size-4 shrink-0" aria-hidden />
                    {t('emptyToken', { token: `{{${e.token}}}`, count: e.count })}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
