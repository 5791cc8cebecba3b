'use client';

import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useId, useState } from 'react';
import { cn, focusRing } from './cn';
import { PagerJump } from './pager-jump';
import { SimpleSelect } from './select';

export interface PagerProps {
  total: number;
  pageNum: number;
  pageSize: number;
  /** Choices of the page-size menu; the campaign list uses 10, 25, 50 (spec section 9). */
  pageSizes?: readonly number[];
  /** Called on every change; without it the pager writes `pageNum`/`pageSize` into the URL. */
  onChange?: (next: { pageNum: number; pageSize: number }) => void;
  className?: string;
}

/** Total, page sizes, previous, page numbers, next and a jumper; at <= 720 px "6 / 120" opens both in a dialog. */
export function Pager({ total, pageNum, pageSize, pageSizes = [10, 25, 50], onChange, className }: PagerProps) {
  const t = useTranslations('ui.pager');
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const [jump, setJump] = useState('');
  const jumpId = useId();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, pageNum), pages);

  const go = (next: { pageNum: number; pageSize: number }) => {
    const clamped = { pageSize: next.pageSize, pageNum: Math.min(Math.max(1, next.pageNum), Math.max(1, Math.ceil(total / next.pageSize))) };
    if (onChange) return onChange(clamped);
    const params = new URLSearchParams(searchParams.toString());
    params.set('pageNum', String(clamped.pageNum));
    params.set('pageSize', String(clamped.pageSize));
    router.push(`${pathname}?${params.toString()}`, { scroll: false });
  };

  const button = (active = false) =>
    cn(
      'inline-flex h-8 min-w-8 cursor-pointer items-center justify-center rounded-md px-2 text-sm tabular-nums transition-colors disabled:cursor-not-allowed disabled:opacity-40',
      active ? 'bg-primary-700 font-medium text-white' : 'text-slate-600 hover:bg-slate-100 hover:text-primary dark:text-slate-300 dark:hover:bg-slate-800',
      focusRing,
    );

  return (
    <nav aria-label={t('label')} className={cn('flex flex-wrap items-center justify-end gap-x-3 gap-y-2 py-3 text-sm text-slate-600 dark:text-slate-300 mobile:justify-between', className)}>
      <span className="tabular-nums">{t('total', { total })}</span>
      <div className="w-32 mobile:hidden">
        <SimpleSelect
          aria-label={t('pageSize')}
          value={String(pageSize)}
          onValueChange={(value) => go({ pageNum: 1, pageSize: Number(value) })}
          options={pageSizes.map((size) => ({ value: String(size), label: t('perPage', { size }) }))}
          className="h-8"
        />
      </div>
      <div className="flex items-center gap-1">
        <button type="button" className={button()} onClick={() => go({ pageNum: current - 1, pageSize })} disabled={current <= 1} aria-label={t('previous')}>
          <ChevronLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
        </button>
        <PagerJump total={total} current={current} pages={pages} pageSize={pageSize} pageSizes={pageSizes} onGo={go} />
        <ul className="flex items-center gap-1 mobile:hidden">
          {pageList(current, pages).map((page, index) =>
            page === null ? (
              <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-400">
                …
              </li>
            ) : (
              <li key={page}>
                <button type="button" className={button(page === current)} aria-current={page === current ? 'page' : undefined} aria-label={t('page', { page })} onClick={() => go({ pageNum: page, pageSize })}>
                  {page}
                </button>
              </li>
            ),
          )}
        </ul>
        <button type="button" className={button()} onClick={() => go({ pageNum: current + 1, pageSize })} disabled={current >= pages} aria-label={t('next')}>
          <ChevronRight className="size-4 rtl:rotate-180" aria-hidden="true" />
        </button>
      </div>
      <form
        className="flex items-center gap-1.5 mobile:hidden"
        onSubmit={(event) => {
          event.preventDefault();
          const target = Number(jump);
          if (Number.isInteger(target) && target >= 1) go({ pageNum: target, pageSize });
          setJump('');
        }}
      >
        <label htmlFor={jumpId}>{t('goTo')}</label>
        <input
          id={jumpId}
          inputMode="numeric"
          value={jump}
          onChange={(e) => setJump(e.target.value.replace(/\D/g, ''))}
          className={cn('h-8 w-14 rounded-md border border-slate-300 bg-white px-2 text-center tabular-nums dark:border-slate-700 dark:bg-slate-900', focusRing, 'focus-visible:ring-offset-0')}
        />
        <span aria-hidden="true" className="text-slate-400">{t('goToSuffix')}</span>
      </form>
    </nav>
  );
}

/** 1 … 4 5 [6] 7 8 … 20: first, last, and two either side of the current page. */
export function pageList(current: number, pages: number): (number | null)[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1);
  const start = Math.max(2, current - 2);
  const end = Math.min(pages - 1, current + 2);
  const list: (number | null)[] = [1];
  if (start > 2) list.push(null);
  for (let p = start; p <= end; p++) list.push(p);
  if (end < pages - 1) list.push(null);
  list.push(pages);
  return list;
}
