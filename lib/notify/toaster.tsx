'use client';

import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { Toaster as Sonner } from 'sonner';
import { markToasterMounted } from './notify';

/**
 * Sonner styled with our Tailwind classes (so dark mode follows the class on <html>, not the OS).
 * Mounted once in the root layout, loaded after the page (next/dynamic).
 */
export function Toaster() {
  const t = useTranslations('shell');
  // Runs after sonner's own effect (children first), so its subscription is in place.
  useEffect(markToasterMounted, []);
  return (
    <Sonner
      containerAriaLabel={t('notifications')}
      position="top-center"
      visibleToasts={3}
      duration={3500}
      gap={8}
      offset={16}
      mobileOffset={12}
      toastOptions={{
        unstyled: true,
        classNames: {
          toast:
            'flex w-full items-start gap-2.5 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-800 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 [&_[data-icon]]:mt-px [&_[data-icon]_svg]:size-4',
          title: 'leading-snug font-medium',
          description: 'text-slate-500 dark:text-slate-400',
          success: 'border-emerald-200 [&_[data-icon]]:text-emerald-600 dark:border-emerald-500/30 dark:[&_[data-icon]]:text-emerald-400',
          warning: 'border-amber-200 [&_[data-icon]]:text-amber-500 dark:border-amber-500/30',
          error: 'border-red-200 [&_[data-icon]]:text-red-600 dark:border-red-500/30 dark:[&_[data-icon]]:text-red-400',
          info: 'border-primary/30 [&_[data-icon]]:text-primary',
        },
      }}
    />
  );
}
