'use client';

import { useTranslations } from 'next-intl';
import { Checkbox } from './checkbox';
import { cn } from './cn';
import { EmptyState } from './empty-state';
import { Skeleton } from './skeleton';
import { alignClass, DataTableCell } from './data-table-cell';

export interface DataTableColumn<T> {
  id: string;
  header: React.ReactNode;
  cell: (row: T, index: number) => React.ReactNode;
  align?: 'start' | 'center' | 'end';
  /** Classes of both the th and the td (widths, `whitespace-nowrap`). */
  className?: string;
  /**
   * How the column shows on a stacked card at <= 720 px: 'label' (default: "Header  value" row),
   * 'title' (the card's heading, no label), 'actions' (top-right corner, e.g. the row menu), 'hidden'.
   */
  mobile?: 'label' | 'title' | 'actions' | 'hidden';
}

export interface DataTableProps<T> {
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** Names the table for screen readers (e.g. the page title). */
  'aria-label': string;
  loading?: boolean;
  /** What to show with no rows; defaults to a generic "No data yet". */
  empty?: React.ReactNode;
  /** Row selection (batch delete mode): controlled by `selected` and `onSelectedChange`. */
  selectable?: boolean;
  selected?: readonly (string | number)[];
  onSelectedChange?: (keys: (string | number)[]) => void;
  /** Accessible label of a row's checkbox, e.g. its name. */
  rowLabel?: (row: T) => string;
  onRowClick?: (row: T) => void;
  className?: string;
}

/**
 * A table on wide screens, stacked cards at <= 720 px (one DOM: rows turn into cards by CSS, so
 * tests and screen readers see the same content at every width).
 */
export function DataTable<T>({ columns, rows, rowKey, loading = false, empty, selectable = false, selected = [], onSelectedChange, rowLabel, onRowClick, className, 'aria-label': ariaLabel }: DataTableProps<T>) {
  const t = useTranslations('ui.table');
  const keys = rows.map(rowKey);
  const selectedSet = new Set(selected);
  const allSelected = keys.length > 0 && keys.every((k) => selectedSet.has(k));
  const someSelected = !allSelected && keys.some((k) => selectedSet.has(k));
  const toggleAll = (checked: boolean) => onSelectedChange?.(checked ? Array.from(new Set([...selected, ...keys])) : selected.filter((k) => !keys.includes(k)));
  const toggle = (key: string | number, checked: boolean) => onSelectedChange?.(checked ? [...selected, key] : selected.filter((k) => k !== key));
  const span = columns.length + (selectable ? 1 : 0);

  return (
    <div className={cn('overflow-hidden rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900 mobile:overflow-visible mobile:rounded-none mobile:border-0 mobile:bg-transparent', className)}>
      {selectable && rows.length > 0 && (
        <div className="hidden items-center gap-2 px-1 pb-2 mobile:flex">
          <Checkbox checked={allSelected} indeterminate={someSelected} onCheckedChange={toggleAll} label={t('selectAll')} />
        </div>
      )}
      {/* Positioned, so an sr-only header label stays inside the scroller instead of widening the page. */}
      <div className="relative overflow-x-auto mobile:overflow-visible">
        <table aria-label={ariaLabel} aria-busy={loading || undefined} className="w-full border-collapse text-sm mobile:block">
          <thead className="bg-slate-50 text-xs font-medium text-slate-500 dark:bg-slate-800/50 dark:text-slate-400 mobile:sr-only">
            <tr>
              {selectable && (
                <th scope="col" className="w-10 px-4 py-3">
                  <Checkbox checked={allSelected} indeterminate={someSelected} onCheckedChange={toggleAll} aria-label={t('selectAll')} disabled={rows.length === 0} />
                </th>
              )}
              {columns.map((column) => (
                <th key={column.id} scope="col" className={cn('px-4 py-3 font-medium whitespace-nowrap', alignClass[column.align ?? 'start'], column.className)}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800 mobile:flex mobile:flex-col mobile:gap-3 mobile:divide-y-0">
            {loading &&
              rows.length === 0 &&
              Array.from({ length: 5 }, (_, i) => (
                <tr key={`skeleton-${i}`} className="mobile:block mobile:rounded-xl mobile:border mobile:border-slate-200 mobile:bg-white mobile:p-4 dark:mobile:border-slate-800 dark:mobile:bg-slate-900">
                  <td colSpan={span} className="px-4 py-3.5 mobile:block mobile:p-0">
                    <Skeleton className="h-4 w-full max-w-xl" />
                  </td>
                </tr>
              ))}
            {!loading && rows.length === 0 && (
              <tr className="mobile:block">
                <td colSpan={span} className="mobile:block mobile:rounded-xl mobile:border mobile:border-slate-200 mobile:bg-white dark:mobile:border-slate-800 dark:mobile:bg-slate-900">
                  {empty ?? <EmptyState title={t('empty')} />}
                </td>
              </tr>
            )}
            {rows.map((row, index) => {
              const key = keys[index];
              const isSelected = selectedSet.has(key);
              return (
                <tr
                  key={key}
                  aria-selected={selectable ? isSelected : undefined}
                  onClick={onRowClick ? () => onRowClick(row) : undefined}
                  className={cn(
                    'transition-colors hover:bg-slate-50/80 dark:hover:bg-slate-800/40',
                    isSelected && 'bg-primary-soft/60 hover:bg-primary-soft dark:bg-primary/10 dark:hover:bg-primary/15',
                    onRowClick && 'cursor-pointer',
                    'mobile:relative mobile:flex mobile:flex-col mobile:gap-1.5 mobile:rounded-xl mobile:border mobile:border-slate-200 mobile:bg-white mobile:p-4 mobile:shadow-xs dark:mobile:border-slate-800 dark:mobile:bg-slate-900',
                    selectable && 'mobile:ps-11',
                    isSelected && 'mobile:border-primary/50 dark:mobile:bg-primary/10',
                  )}
                >
                  {selectable && (
                    <td className="w-10 px-4 py-3 mobile:absolute mobile:start-4 mobile:top-4 mobile:p-0" onClick={(e) => e.stopPropagation()}>
                      <Checkbox checked={isSelected} onCheckedChange={(checked) => toggle(key, checked)} aria-label={rowLabel ? rowLabel(row) : t('selectRow', { index: index + 1 })} />
                    </td>
                  )}
                  {columns.map((column) => (
                    <DataTableCell key={column.id} column={column} row={row} index={index} />
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
