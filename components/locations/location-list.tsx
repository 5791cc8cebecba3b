'use client';

import { Building2, Eye, MapPin, MoreHorizontal, Pencil, Plus, Power, PowerOff, Search, Trash2 } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useOptimistic, useState } from 'react';
import { useListQuery } from '@/components/lists/use-list-query';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { cn } from '@/components/ui/cn';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { Switch } from '@/components/ui/switch';
import { useLazyMount } from '@/components/ui/use-lazy-mount';
import type { Locale } from '@/lib/i18n/locales';
import { deleteLocationAction, setLocationStatusAction } from '@/lib/locations/actions';
import { countryName } from '@/lib/locations/countries';
import { PAGE_SIZES } from '@/lib/locations/limits';
import { notify } from '@/lib/notify/notify';
import { formatDateTime } from '@/lib/time/format';
import type { BlockedDelete } from './delete-blocked-dialog';
import type { LocationRow } from './location-row';

// The dialogs (Radix's dialog, the form with react-hook-form and zod) load after the page, when idle, or when first opened (issue 11).
const LocationFormDialog = dynamic(() => import('./location-form-dialog').then((m) => m.LocationFormDialog), { ssr: false });
const LocationDetailsDialog = dynamic(() => import('./location-details-dialog').then((m) => m.LocationDetailsDialog), { ssr: false });
const DeleteBlockedDialog = dynamic(() => import('./delete-blocked-dialog').then((m) => m.DeleteBlockedDialog), { ssr: false });

export interface LocationListProps {
  rows: LocationRow[];
  total: number;
  pageNum: number;
  pageSize: number;
  keyword: string;
  enabledOnly: boolean;
}

type Dialog = { kind: 'create' } | { kind: 'edit'; row: LocationRow } | { kind: 'details'; row: LocationRow } | null;

export function LocationList({ rows, total, pageNum, pageSize, keyword, enabledOnly }: LocationListProps) {
  const t = useTranslations('locations');
  const locale = useLocale() as Locale;
  const router = useRouter();
  const confirm = useConfirm();
  const list = useListQuery({ keyword });
  const { pending, startTransition, refresh } = list;
  const [dialog, setDialog] = useState<Dialog>(null);
  const [blocked, setBlocked] = useState<BlockedDelete | null>(null);
  const formLoaded = useLazyMount(dialog?.kind === 'create' || dialog?.kind === 'edit');
  const detailsLoaded = useLazyMount(dialog?.kind === 'details');
  const blockedLoaded = useLazyMount(blocked !== null);
  // Switches flip at once; the server's answer (or a refresh) settles them.
  const [optimistic, setOptimistic] = useState<Record<number, boolean>>({});
  const filtered = keyword !== '' || enabledOnly;

  // The filter box ticks at once; the URL (and the server's list) follow.
  const [onlyEnabled, setOnlyEnabled] = useOptimistic(enabledOnly);


  const setEnabled = async (row: LocationRow, enabled: boolean) => {
    setOptimistic((o) => ({ ...o, [row.locationId]: enabled }));
    const result = await setLocationStatusAction({ locationId: row.locationId, enabled });
    if (!result.ok) {
      setOptimistic((o) => ({ ...o, [row.locationId]: !enabled }));
      notify.warning(result.message);
      return;
    }
    notify.success(t(enabled ? 'messages.enabled' : 'messages.disabled', { name: row.locationName }));
    startTransition(() => {
      router.refresh();
      setOptimistic((o) => {
        const next = { ...o };
        delete next[row.locationId];
        return next;
      });
    });
  };

  const remove = async (row: LocationRow) => {
    const ok = await confirm({ title: t('confirmDelete.title', { name: row.locationName }), description: t('confirmDelete.description'), confirmLabel: t('confirmDelete.confirm'), danger: true });
    if (!ok) return;
    const result = await deleteLocationAction({ locationId: row.locationId });
    if (!result.ok) {
      if (result.code === 'CONFLICT') setBlocked({ name: row.locationName, message: result.message, campaigns: campaignsOf(result.details) });
      else notify.warning(result.message);
      if (result.code === 'NOT_FOUND') refresh();
      return;
    }
    notify.success(result.message ?? t('messages.deleted'));
    if (rows.length === 1 && pageNum > 1) list.navigate({ pageNum: String(pageNum - 1) });
    else refresh();
  };

  const isEnabled = (row: LocationRow) => optimistic[row.locationId] ?? row.enabled;

  const columns: DataTableColumn<LocationRow>[] = [
    {
      id: 'name',
      header: t('columns.name'),
      mobile: 'title',
      className: 'min-w-44',
      cell: (row) => (
        <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
          <button
            type="button"
            onClick={() => setDialog({ kind: 'details', row })}
            className={cn(
              'cursor-pointer text-start font-medium hover:text-primary hover:underline focus-visible:underline focus-visible:outline-none',
              isEnabled(row) ? 'text-slate-900 dark:text-slate-100' : 'text-slate-500 dark:text-slate-400',
            )}
          >
            {row.locationName}
          </button>
          {!isEnabled(row) && <Badge tone="neutral">{t('status.disabled')}</Badge>}
        </span>
      ),

    },
    {
      id: 'address',
      header: t('columns.address'),
      className: 'min-w-56',
      cell: (row) => (
        <span className="flex flex-col">
          <span className="text-slate-700 dark:text-slate-200">{row.address}</span>
          <span className="text-xs text-slate-500 dark:text-slate-400">{placeLine(row, locale)}</span>
        </span>
      ),
    },
    { id: 'phone', header: t('columns.phone'), className: 'whitespace-nowrap', cell: (row) => <span className="tabular-nums">{row.phoneDisplay || '-'}</span> },
    { id: 'timezone', header: t('columns.timezone'), className: 'whitespace-nowrap', cell: (row) => row.timezone.replace(/_/g, ' ') },
    {
      id: 'connection',
      header: t('columns.connection'),
      className: 'whitespace-nowrap',
      cell: (row) => (row.connected ? <Badge tone="success">{t('connected')}</Badge> : <Badge tone="neutral">{t('notConnected')}</Badge>),
    },
    {
      id: 'enabled',
      header: t('columns.enabled'),
      cell: (row) => <Switch size="sm" checked={isEnabled(row)} onCheckedChange={(next) => void setEnabled(row, next)} aria-label={t('toggleLabel', { name: row.locationName })} />,
    },
    { id: 'createTime', header: t('columns.createTime'), className: 'whitespace-nowrap tabular-nums', cell: (row) => formatDateTime(row.createTime, locale) },
    {
      id: 'actions',
      header: <span className="sr-only">{t('columns.actions')}</span>,
      align: 'end',
      mobile: 'actions',
      className: 'w-12',
      cell: (row) => (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={t('actions.menu', { name: row.locationName })}>
              <MoreHorizontal aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent>
            <DropdownMenuItem onSelect={() => setDialog({ kind: 'details', row })}>
              <Eye aria-hidden="true" />
              {t('actions.details')}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => setDialog({ kind: 'edit', row })}>
              <Pencil aria-hidden="true" />
              {t('actions.edit')}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => void setEnabled(row, !isEnabled(row))}>
              {isEnabled(row) ? <PowerOff aria-hidden="true" /> : <Power aria-hidden="true" />}
              {isEnabled(row) ? t('actions.disable') : t('actions.enable')}
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem danger onSelect={() => void remove(row)}>
              <Trash2 aria-hidden="true" />
              {t('actions.delete')}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      ),
    },
  ];

  const empty = filtered ? (
    <EmptyState
      icon={Search}
      title={t('empty.filteredTitle')}
      description={t('empty.filteredText')}
      action={
        <Button
          variant="secondary"
          onClick={() => {
            list.search.set('');
            list.filter({ keyword: null, enabled: null });
          }}
        >
          {t('empty.clearFilters')}
        </Button>
      }
    />
  ) : (
    <EmptyState
      icon={Building2}
      title={t('empty.title')}
      description={t('empty.text')}
      action={
        <Button onClick={() => setDialog({ kind: 'create' })}>
          <Plus aria-hidden="true" />
          {t('add')}
        </Button>
      }
    />
  );

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button onClick={() => setDialog({ kind: 'create' })} className="mobile:w-full">
            <Plus aria-hidden="true" />
            {t('add')}
          </Button>
        }
      />
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
      <DataTable aria-label={t('title')} columns={columns} rows={rows} rowKey={(row) => row.locationId} loading={pending && rows.length === 0} empty={empty} className={pending ? 'opacity-70 transition-opacity' : undefined} />
      {total > 0 && <Pager total={total} pageNum={pageNum} pageSize={pageSize} pageSizes={PAGE_SIZES} />}
      {formLoaded && (
        <LocationFormDialog
          open={dialog?.kind === 'create' || dialog?.kind === 'edit'}
          row={dialog?.kind === 'edit' ? dialog.row : null}
          onOpenChange={(open) => !open && setDialog(null)}
          onSaved={() => {
            setDialog(null);
            refresh();
          }}
        />
      )}
      {detailsLoaded && <LocationDetailsDialog row={dialog?.kind === 'details' ? dialog.row : null} onOpenChange={(open) => !open && setDialog(null)} onEdit={(row) => setDialog({ kind: 'edit', row })} />}
      {blockedLoaded && <DeleteBlockedDialog blocked={blocked} onOpenChange={(open) => !open && setBlocked(null)} />}
    </>
  );
}

/** City, state, country without repeats (上海, 上海); Chinese text joins with the Chinese comma. */
export function placeLine(row: Pick<LocationRow, 'city' | 'state' | 'country'>, locale: Locale): string {
  const parts = [row.city, row.state, countryName(row.country, locale)].map((p) => p.trim()).filter(Boolean);
  const latin = parts.some((p) => /[A-Za-z]/.test(p));
  return [...new Set(parts)].join(locale === 'en-US' || latin ? ', ' : '，');
}

function campaignsOf(details: Record<string, unknown> | undefined): { campaignId: number; campaignName: string }[] {
  const list = details?.campaigns;
  return Array.isArray(list) ? (list as { campaignId: number; campaignName: string }[]) : [];
}
