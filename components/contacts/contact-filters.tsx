'use client';

import { Search, X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useListQuery } from '@/components/lists/use-list-query';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { SimpleSelect } from '@/components/ui/select';
import type { LocationOption } from '@/lib/locations/options';
import type { ListQuery } from '@/lib/contacts/schema';

const ALL = 'all';
const FILTER_KEYS = ['keyword', 'locationId', 'activity', 'preference', 'emailOpt', 'smsOpt', 'type'] as const;

/** The list's filters; each change rewrites the URL (page back to 1), which the server page reads. */
export function ContactFilters({ query, locations }: { query: ListQuery; locations: LocationOption[] }) {
  const t = useTranslations('contacts.filters');
  const tc = useTranslations('contacts');
  const list = useListQuery({ keyword: query.keyword ?? '' });

  const set = (key: (typeof FILTER_KEYS)[number], value: string | undefined) => list.filter({ [key]: value === ALL ? null : value });
  const active = FILTER_KEYS.some((k) => query[k] !== undefined);

  const select = (key: (typeof FILTER_KEYS)[number], label: string, options: { value: string; label: string }[]) => (
    <div className="w-44 mobile:w-[calc(50%-0.25rem)]">
      <SimpleSelect aria-label={label} value={query[key] !== undefined ? String(query[key]) : ALL} onValueChange={(v) => set(key, v)} options={options} />
    </div>
  );

  return (
    <div className="flex flex-wrap items-center gap-2" role="search">
      <form
        className="flex min-w-64 flex-1 gap-2 mobile:min-w-0 mobile:basis-full"
        onSubmit={(e) => {
          e.preventDefault();
          list.search.submit();
        }}
      >
        <div className="min-w-0 flex-1">
          <Input type="search" value={list.search.value} onChange={(e) => list.search.set(e.target.value)} placeholder={t('keyword')} aria-label={t('keyword')} leading={<Search className="size-4" aria-hidden="true" />} />
        </div>
        <Button type="submit" variant="secondary">
          {t('search')}
        </Button>
      </form>
      {select('locationId', t('location'), [{ value: ALL, label: t('allLocations') }, ...locations.map((l) => ({ value: String(l.id), label: l.name }))])}
      {select('activity', t('activity'), [
        { value: ALL, label: t('anyActivity') },
        { value: '7d', label: t('activity7d') },
        { value: '30d', label: t('activity30d') },
        { value: '90d', label: t('activity90d') },
        { value: 'over90', label: t('activityOver90') },
        { value: 'never', label: t('activityNever') },
      ])}
      {select('preference', t('preference'), [
        { value: ALL, label: t('anyPreference') },
        { value: 'email', label: t('prefEmail') },
        { value: 'phone', label: t('prefPhone') },
        { value: 'both', label: t('prefBoth') },
        { value: 'none', label: t('prefNone') },
      ])}
      {select('emailOpt', t('emailOpt'), [
        { value: ALL, label: `${t('emailOpt')}: ${t('anyOpt')}` },
        { value: 'in', label: `${t('emailOpt')}: ${tc('opt.in')}` },
        { value: 'out', label: `${t('emailOpt')}: ${tc('opt.out')}` },
        { value: 'unset', label: `${t('emailOpt')}: ${tc('opt.unset')}` },
      ])}
      {select('smsOpt', t('smsOpt'), [
        { value: ALL, label: `${t('smsOpt')}: ${t('anyOpt')}` },
        { value: 'in', label: `${t('smsOpt')}: ${tc('opt.in')}` },
        { value: 'out', label: `${t('smsOpt')}: ${tc('opt.out')}` },
        { value: 'unset', label: `${t('smsOpt')}: ${tc('opt.unset')}` },
      ])}
      {select('type', t('type'), [
        { value: ALL, label: t('anyType') },
        { value: 'leads', label: tc('type.leads') },
        { value: 'customer', label: tc('type.customer') },
      ])}
      {active && (
        <Button
          variant="ghost"
          onClick={() => {
            list.search.set('');
            list.filter(Object.fromEntries(FILTER_KEYS.map((k) => [k, null])));
          }}
        >
          <X className="size-4" aria-hidden="true" />
          {t('reset')}
        </Button>
      )}
    </div>
  );
}
