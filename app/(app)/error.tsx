'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { buttonClasses } from '@/components/ui/button-classes';
import { AlertTriangle, Home, RotateCcw } from './error-icons';

/** A page of the shell failed: keep the navigation, offer a retry and the way home. */
export default function AppError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations('shell.error');
  const tc = useTranslations('common');
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div role="alert" className="mx-auto flex max-w-lg flex-col items-center gap-4 py-20 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-red-50 text-red-600 dark:bg-red-500/15 dark:text-red-400">
        <AlertTriangle className="size-7" />
      </span>
      <h1 className="text-xl font-semibold text-slate-900 dark:text-white">{t('title')}</h1>
      <p className="text-sm leading-relaxed text-slate-500 dark:text-slate-400">{t('description')}</p>
      {error.digest && <p className="font-mono text-xs text-slate-400">{t('reference', { digest: error.digest })}</p>}
      <div className="mt-2 flex gap-2">
        {/* Button's classes without Button: this boundary is in every signed-in route's first
            load, and Turbopack copied Button (with Radix's Slot) into its chunk and the page's. */}
        <button type="button" className={buttonClasses()} onClick={reset}>
          <RotateCcw />
          {tc('retry')}
        </button>
        <Link href="/dashboard" className={buttonClasses('secondary')}>
          <Home />
          {tc('backHome')}
        </Link>
      </div>
    </div>
  );
}
