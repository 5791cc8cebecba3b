'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/ui/form-field';
import { SimpleSelect } from '@/components/ui/select';
import { MAX_CUSTOM_MONTHS, monthsSpanned } from '@/lib/dashboard/custom-period';

const PERIODS = ['30d', '90d', '6m', '12m', 'custom'] as const;

/** Location (or all) and period of every figure; kept in the URL. */
export function DashboardFilters({ locations, value }: { locations: { id: number; name: string }[]; value: { period: string; from?: string; to?: string; locationId?: number } }) {
  const t = useTranslations('dashboard');
  const router = useRouter();
  const [period, setPeriod] = useState(value.period);
  const [from, setFrom] = useState(value.from ?? '');
  const [to, setTo] = useState(value.to ?? '');
  const [error, setError] = useState<string | null>(null);
  const push = (next: { period?: string; locationId?: string; from?: string; to?: string }) => {
    const p = new URLSearchParams();
    const loc = next.locationId ?? (value.locationId ? String(value.locationId) : 'all');
    const per = next.period ?? period;
    if (loc !== 'all') p.set('locationId', loc);
    if (per !== '12m') p.set('period', per);
    if (per === 'custom') {
      p.set('from', next.from ?? from);
      p.set('to', next.to ?? to);
    }
    router.push(`/dashboard${p.size ? `?${p}` : ''}`);
  };
  const applyCustom = (event: React.FormEvent) => {
    event.preventDefault();
    if (!from || !to) return setError(t('errors.customRange'));
    if (from > to) return setError(t('errors.dateRange'));
    if (monthsSpanned(from, to) > MAX_CUSTOM_MONTHS) return setError(t('errors.periodTooLong'));
    setError(null);
    push({ period: 'custom', from, to });
  };
  return (
    <form onSubmit={applyCustom} className="flex flex-wrap items-end gap-3" aria-label={t('filters')}>
      <FormField label={t('location')} className="w-60 mobile:w-full">
        <SimpleSelect
          value={value.locationId ? String(value.locationId) : 'all'}
          aria-label={t('location')}
          onValueChange={(v) => push({ locationId: v })}
          options={[{ value: 'all', label: t('allLocations') }, ...locations.map((l) => ({ value: String(l.id), label: l.name }))]}
        />
      </FormField>
      <FormField label={t('period')} className="w-44 mobile:w-full">
        <SimpleSelect
          value={period}
          aria-label={t('period')}
          onValueChange={(v) => {
            setPeriod(v);
            if (v !== 'custom') push({ period: v });
          }}
          options={PERIODS.map((p) => ({ value: p, label: t(`periods.${p}`) }))}
        />
      </FormField>
      {period === 'custom' && (
        <>
          <FormField label={t('from')} className="w-44 mobile:w-full">
            <Input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
          </FormField>
          <FormField label={t('to')} error={error} className="w-44 mobile:w-full">
            <Input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
          </FormField>
          <Button type="submit">{t('apply')}</Button>
        </>
      )}
    </form>
  );
}
