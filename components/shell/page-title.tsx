'use client';

import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { activeNavKey } from './nav-items';

/** The section name in the compact mobile top bar (the page's own <h1> stays in the content). */
export function CurrentSectionTitle() {
  const t = useTranslations('nav');
  const key = activeNavKey(usePathname());
  return <span className="truncate text-[15px] font-semibold text-slate-900 dark:text-white">{key ? t(key) : 'StarLoop'}</span>;
}
