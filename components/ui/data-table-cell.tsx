'use client';

import { cn } from './cn';
import type { DataTableColumn } from './data-table';

export const alignClass = { start: 'text-start', center: 'text-center', end: 'text-end' } as const;

/** One cell: a table cell on wide screens; at <= 720 px a labelled line, the card's title, its corner menu, or hidden. */
export function DataTableCell<T>({ column, row, index }: { column: DataTableColumn<T>; row: T; index: number }) {
  const mode = column.mobile ?? 'label';
  return (
    <td
      className={cn(
        'px-4 py-3 text-slate-700 dark:text-slate-200',
        alignClass[column.align ?? 'start'],
        column.className,
        'mobile:p-0 mobile:text-start',
        mode === 'label' && 'mobile:flex mobile:items-baseline mobile:justify-between mobile:gap-4 mobile:text-[13px]',
        mode === 'title' && 'mobile:block mobile:pe-10 mobile:text-[15px] mobile:font-medium mobile:text-slate-900 dark:mobile:text-white',
        mode === 'actions' && 'mobile:absolute mobile:end-2 mobile:top-2',
        mode === 'hidden' && 'mobile:hidden',
      )}
      onClick={mode === 'actions' ? (e) => e.stopPropagation() : undefined}
    >
      {mode === 'label' && (
        <span aria-hidden="true" className="hidden shrink-0 text-slate-500 mobile:inline dark:text-slate-400">
          {column.header}
        </span>
      )}
      <span className={cn(mode === 'label' && 'mobile:min-w-0 mobile:text-end mobile:break-words')}>{column.cell(row, index)}</span>
    </td>
  );
}
