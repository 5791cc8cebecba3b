'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Search, RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/ui/form-field';
import { SimpleSelect } from '@/components/ui/select';
import { reviewSites } from '@/db/constants/reviews';

export interface FilterValues {
  q?: string;
  from?: string;
  to?: string;
  minRating?: number;
  maxRating?: number;
  site?: string;
  tag: string;
  employee?: string;
  view: string;
  locationId?: number;
}

const ALL = 'all';

/** The filters of /reviews; applying them writes the URL (so a filtered view can be shared). */
// One select for the employee filter: all, untagged, tagged, or one employee (prefixed, so a person named "tagged" stays a person).
const EMPLOYEE = 'employee:';

export function ReviewFilters({ values, locations, employees = [] }: { values: FilterValues; locations: { id: number; name: string }[]; employees?: string[] }) {
  const t = useTranslations('reviews');
  const router = useRouter();
  const [f, setF] = useState({
    q: values.q ?? '',
    from: values.from ?? '',
    to: values.to ?? '',
    minRating: values.minRating ? String(values.minRating) : ALL,
    maxRating: values.maxRating ? String(values.maxRating) : ALL,
    site: values.site ?? ALL,
    tag: values.employee ? `${EMPLOYEE}${values.employee}` : values.tag,
    locationId: values.locationId ? String(values.locationId) : ALL,
  });
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const set = (key: keyof typeof f) => (value: string) => setF((prev) => ({ ...prev, [key]: value }));

  const apply = (event?: React.FormEvent) => {
    event?.preventDefault();
    if (f.minRating !== ALL && f.maxRating !== ALL && Number(f.minRating) > Number(f.maxRating)) return setError({ field: 'maxRating', message: t('errors.ratingRange') });
    if (f.from && f.to && f.from > f.to) return setError({ field: 'to', message: t('errors.dateRange') });
    setError(null);
    const p = new URLSearchParams();
    if (f.q.trim()) p.set('q', f.q.trim());
    if (f.from) p.set('from', f.from);
    if (f.to) p.set('to', f.to);
    if (f.minRating !== ALL) p.set('minRating', f.minRating);
    if (f.maxRating !== ALL) p.set('maxRating', f.maxRating);
    if (f.site !== ALL) p.set('site', f.site);
    if (f.tag.startsWith(EMPLOYEE)) p.set('employee', f.tag.slice(EMPLOYEE.length));
    else if (f.tag !== ALL) p.set('tag', f.tag);
    if (f.locationId !== ALL) p.set('locationId', f.locationId);
    if (values.view === 'needsResponse') p.set('view', 'needsResponse');
    router.push(`/reviews${p.size ? `?${p}` : ''}`);
  };

  const ratingOptions = [{ value: ALL, label: t('filters.any') }, ...[1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: t('filters.starsOption', { n }) }))];
  return (
    <form onSubmit={apply} role="search" aria-label={t('filters.title')} className="grid grid-cols-4 gap-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900 max-[1100px]:grid-cols-2 mobile:grid-cols-1">
      <FormField label={t('filters.keyword')} className="col-span-2 mobile:col-span-1">
        <Input value={f.q} onChange={(e) => set('q')(e.target.value)} placeholder={t('filters.keywordPlaceholder')} leading={<Search />} maxLength={100} type="search" />
      </FormField>
      <FormField label={t('filters.from')}>
        <Input type="date" value={f.from} onChange={(e) => set('from')(e.target.value)} />
      </FormField>
      <FormField label={t('filters.to')} error={error?.field === 'to' ? error.message : null}>
        <Input type="date" value={f.to} onChange={(e) => set('to')(e.target.value)} />
      </FormField>
      <FormField label={t('filters.minRating')}>
        <SimpleSelect value={f.minRating} onValueChange={set('minRating')} aria-label={t('filters.minRating')} options={ratingOptions} />
      </FormField>
      <FormField label={t('filters.maxRating')} error={error?.field === 'maxRating' ? error.message : null}>
        <SimpleSelect value={f.maxRating} onValueChange={set('maxRating')} aria-label={t('filters.maxRating')} options={ratingOptions} />
      </FormField>
      <FormField label={t('filters.site')}>
        <SimpleSelect value={f.site} onValueChange={set('site')} aria-label={t('filters.site')} options={[{ value: ALL, label: t('filters.allSites') }, ...reviewSites.map((s) => ({ value: s, label: t(`sites.${s}`) }))]} />
      </FormField>
      <FormField label={t('filters.employee')}>
        <SimpleSelect
          value={f.tag}
          onValueChange={set('tag')}
          aria-label={t('filters.employee')}
          options={[
            { value: 'all', label: t('filters.tagAll') },
            { value: 'untagged', label: t('filters.tagUntagged') },
            { value: 'tagged', label: t('filters.tagTagged') },
            ...employees.map((name) => ({ value: `${EMPLOYEE}${name}`, label: name })),
            // A name from the URL that no longer appears among the options still shows as chosen.
            ...(values.employee && !employees.includes(values.employee) ? [{ value: `${EMPLOYEE}${values.employee}`, label: values.employee }] : []),
          ]}
        />
      </FormField>
      <FormField label={t('filters.location')}>
        <SimpleSelect value={f.locationId} onValueChange={set('locationId')} aria-label={t('filters.location')} options={[{ value: ALL, label: t('filters.allLocations') }, ...locations.map((l) => ({ value: String(l.id), label: l.name }))]} />
      </FormField>
      <div className="col-span-3 flex items-end justify-end gap-2 max-[1100px]:col-span-1 mobile:col-span-1">
        <Button type="button" variant="ghost" onClick={() => router.push(values.view === 'needsResponse' ? '/reviews?view=needsResponse' : '/reviews')}>
          <RotateCcw aria-hidden="true" />
          {t('filters.reset')}
        </Button>
        <Button type="submit">
          <Search aria-hidden="true" />
          {t('filters.apply')}
        </Button>
      </div>
    </form>
  );
}
