'use client';

import { ChevronDown } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { cn, focusRing } from '@/components/ui/cn';
import { Avatar } from './avatar';

export const USER_MENU_TRIGGER = cn(
  'flex items-center gap-2.5 rounded-lg py-1 ps-1 pe-2 text-start transition-colors hover:bg-slate-100 data-[state=open]:bg-slate-100 mobile:rounded-full mobile:p-0.5 dark:hover:bg-slate-800 dark:data-[state=open]:bg-slate-800',
  focusRing,
);

/** What the user menu's button shows, the same before and after the menu's code has loaded. */
export function UserMenuFace({ userName, email, avatar }: { userName: string; email: string; avatar?: string | null }) {
  const t = useTranslations('nav');
  return (
    <>
      <span className="sr-only">{t('userMenu')}</span>
      <Avatar name={userName} src={avatar} />
      <span className="flex max-w-44 flex-col leading-tight mobile:hidden">
        <span className="truncate text-sm font-medium text-slate-800 dark:text-slate-100">{userName}</span>
        <span className="truncate text-xs text-slate-500 dark:text-slate-400">{email}</span>
      </span>
      <ChevronDown className="size-4 text-slate-400 mobile:hidden" aria-hidden="true" />
    </>
  );
}
