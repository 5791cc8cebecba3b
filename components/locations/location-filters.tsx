'use client';

import { MapPin, Search } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useOptimistic } from 'react';
import type { ListQueryState } from '@/components/lists/use-list-query';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';

/** The location list's search box, its "enabled only" filter and the total. */
export function LocationFilters({ list, keyword, enabledOnly, total }: { list: ListQueryState; keyword: string; enabledOnly: boolean; total: number }) {
  const t = useTranslations('locations');
  // The filter box ticks at once; the URL (and the server's list) follow.
  const [onlyEnabled, setOnlyEnabled] = useOptimistic(enabledOnly);
  return (
    <div className="mb-4 flex flex-wrap items-center gap-x-5 gap-y-3">
      <form
        role="search"
        className="w-full max-w-sm mobile:max-w-none"
        onSubmit={(event) => {
          event.preventDefault();
          list.search.submit();
        }}
      >
        <Input
          type="search"
          value={list.search.value}
          onChange={(event) => {
            list.search.set(event.target.value);
            if (event.target.value === '' && keyword !== '') list.filter({ keyword: null });
          }}
          placeholder={t('searchPlaceholder')}
          aria-label={t('searchLabel')}
          maxLength={100}
          leading={<Search />}
        />
      </form>
      <Checkbox checked={onlyEnabled} onCheckedChange={(checked) => list.filter({ enabled: checked ? 'true' : null }, () => setOnlyEnabled(checked))} label={t('enabledOnly')} />
      <span className="ms-auto flex items-center gap-1.5 text-sm text-slate-500 tabular-nums dark:text-slate-400 mobile:hidden">
        <MapPin className="size-4" aria-hidden="true" />
        {t('total', { total })}
      </span>
    </div>
  );
}
