'use client';

import { useTranslations } from 'next-intl';
import { useId, useRef, useState } from 'react';
import { buttonClasses } from './button-classes';
import { cn, focusRing } from './cn';

interface PagerJumpProps {
  total: number;
  current: number;
  pages: number;
  pageSize: number;
  pageSizes: readonly number[];
  onGo: (next: { pageNum: number; pageSize: number }) => void;
}

/**
 * Phones (<= 720 px): "page 6 of 120" opens a small dialog with the page number and the page
 * size, so page 40 is two taps and a number away rather than 39 taps on Next. A native <dialog>:
 * modal focus, Escape and the top layer without loading Radix on every list page.
 */
export function PagerJump({ total, current, pages, pageSize, pageSizes, onGo }: PagerJumpProps) {
  const t = useTranslations('ui.pager');
  const dialog = useRef<HTMLDialogElement>(null);
  const [page, setPage] = useState('');
  const [size, setSize] = useState(pageSize);
  const [invalid, setInvalid] = useState(false);
  const id = useId();
  // Pages at the size chosen in the dialog (it may differ from the list's current size).
  const maxPage = Math.max(1, Math.ceil(total / size));

  const open = () => {
    setPage(String(current));
    setSize(pageSize);
    setInvalid(false);
    dialog.current?.showModal();
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const target = Number(page);
    if (!Number.isInteger(target) || target < 1 || target > maxPage) {
      setInvalid(true);
      return;
    }
    dialog.current?.close();
    onGo({ pageNum: target, pageSize: size });
  };

  return (
    <>
      <button
        type="button"
        onClick={open}
        aria-haspopup="dialog"
        data-testid="pager-jump"
        className={cn('hidden h-8 items-center rounded-md border border-slate-300 px-2.5 text-sm tabular-nums text-slate-700 mobile:inline-flex dark:border-slate-700 dark:text-slate-200', focusRing)}
      >
        <span aria-hidden="true">
          {current} / {pages}
        </span>
        <span className="sr-only">{t('pageOf', { page: current, pages })}</span>
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        className="m-auto w-[min(20rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-950/40 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        onClick={(event) => event.target === dialog.current && dialog.current?.close()}
      >
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <h2 id={`${id}-title`} className="text-base font-semibold">
            {t('jumpTitle')}
          </h2>
          <div className="grid gap-1.5">
            <label htmlFor={`${id}-page`} className="text-sm font-medium text-slate-700 dark:text-slate-200">
              {t('jumpPage', { pages: maxPage })}
            </label>
            <input
              id={`${id}-page`}
              type="number"
              inputMode="numeric"
              min={1}
              max={maxPage}
              value={page}
              autoFocus
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? `${id}-error` : undefined}
              onChange={(e) => {
                setPage(e.target.value.replace(/\D/g, ''));
                setInvalid(false);
              }}
              className={cn('h-10 rounded-md border border-slate-300 bg-white px-3 tabular-nums dark:border-slate-700 dark:bg-slate-950', focusRing, 'focus-visible:ring-offset-0')}
            />
            {invalid && (
              <p id={`${id}-error`} role="alert" className="text-sm text-red-600 dark:text-red-400">
                {t('jumpInvalid', { pages: maxPage })}
              </p>
            )}
          </div>
          <div className="grid gap-1.5">
            <label htmlFor={`${id}-size`} className="text-sm font-medium text-slate-700 dark:text-slate-200">
              {t('pageSize')}
            </label>
            <select
              id={`${id}-size`}
              value={size}
              onChange={(e) => {
                setSize(Number(e.target.value));
                setInvalid(false);
              }}
              className={cn('h-10 rounded-md border border-slate-300 bg-white px-2 dark:border-slate-700 dark:bg-slate-950', focusRing, 'focus-visible:ring-offset-0')}
            >
              {pageSizes.map((value) => (
                <option key={value} value={value}>
                  {t('perPage', { size: value })}
                </option>
              ))}
            </select>
          </div>
          <div className="flex justify-end gap-2">
            <button type="button" className={buttonClasses('secondary', 'md')} onClick={() => dialog.current?.close()}>
              {t('jumpCancel')}
            </button>
            <button type="submit" className={buttonClasses('primary', 'md')}>
              {t('jumpGo')}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
