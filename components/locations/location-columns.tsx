'use client';

import { Eye, MoreHorizontal, Pencil, Power, PowerOff, QrCode, Trash2 } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import type { DataTableColumn } from '@/components/ui/data-table';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { Switch } from '@/components/ui/switch';
import type { Locale } from '@/lib/i18n/locales';
import { countryName } from '@/lib/i18n/countries';
import { formatDateTime } from '@/lib/time/format';
import type { LocationRow } from './location-row';

interface Handlers {
  /** The switch's state: the row's, or the one just asked for while the server answers. */
  isEnabled: (row: LocationRow) => boolean;
  onOpen: (kind: 'details' | 'edit' | 'codes', row: LocationRow) => void;
  onToggle: (row: LocationRow, enabled: boolean) => void;
  onDelete: (row: LocationRow) => void;
  /** The owner enables, disables and deletes; staff see the state only (the services refuse them too). */
  canManage: boolean;
}

/** The location list's columns, with the enable switch and each row's menu. */
export function useLocationColumns({ isEnabled, onOpen, onToggle, onDelete, canManage }: Handlers): DataTableColumn<LocationRow>[] {
  const t = useTranslations('locations');
  const locale = useLocale() as Locale;
  return [
    {
      id: 'name',
      header: t('columns.name'),
      mobile: 'title',
      className: 'min-w-44',
      cell: (row) => (
        <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
          <button
            type="button"
            onClick={() => onOpen('details', row)}
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
      cell: (row) => <Switch size="sm" checked={isEnabled(row)} disabled={!canManage} onCheckedChange={(next) => onToggle(row, next)} aria-label={t('toggleLabel', { name: row.locationName })} />,
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
            <DropdownMenuItem onSelect={() => onOpen('details', row)}>
              <Eye aria-hidden="true" />
              {t('actions.details')}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => onOpen('edit', row)}>
              <Pencil aria-hidden="true" />
              {t('actions.edit')}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => onOpen('codes', row)}>
              <QrCode aria-hidden="true" />
              {t('actions.codes')}
            </DropdownMenuItem>
            {canManage && (
              <>
                <DropdownMenuItem onSelect={() => onToggle(row, !isEnabled(row))}>
                  {isEnabled(row) ? <PowerOff aria-hidden="true" /> : <Power aria-hidden="true" />}
                  {isEnabled(row) ? t('actions.disable') : t('actions.enable')}
                </DropdownMenuItem>
                <DropdownMenuSeparator />
                <DropdownMenuItem danger onSelect={() => onDelete(row)}>
                  <Trash2 aria-hidden="true" />
                  {t('actions.delete')}
                </DropdownMenuItem>
              </>
            )}
          </DropdownMenuContent>
        </DropdownMenu>
      ),
    },
  ];
}

/** City, state, country without repeats (上海, 上海); Chinese text joins with the Chinese comma. */
export function placeLine(row: Pick<LocationRow, 'city' | 'state' | 'country'>, locale: Locale): string {
  const parts = [row.city, row.state, countryName(row.country, locale)].map((p) => p.trim()).filter(Boolean);
  const latin = parts.some((p) => /[A-Za-z]/.test(p));
  return [...new Set(parts)].join(locale === 'en-US' || latin ? ', ' : '，');
}
