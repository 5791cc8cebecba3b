import { ChevronDown } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Avatar } from './avatar';

/**
 * What the user menu's button shows, the same before and after the menu's code has loaded. The top
 * bar renders it on the server for the first button (no icon code in every page); the dropdown, once
 * loaded, renders it in the browser.
 */
export function UserMenuFace({ userName, email, avatar }: { userName: string; email: string; avatar?: string | null }) {
  const t = useTranslations('nav');
  return (
    <>
      <span className="sr-only">{t('userMenu')}</span>
      <Avatar name={userName} src={avatar} />
      <span className="flex max-w-44 flex-col leading-tight mobile:hidden">
        <span className="truncate text-sm font-medium text-slate-800 dark:text-slate-100">{userName}</span>
        {/* slate-600: the button's hover and open fill (slate-100) leaves slate-500 at 4.3:1. */}
        <span className="truncate text-xs text-slate-600 dark:text-slate-400">{email}</span>
      </span>
      <ChevronDown className="size-4 text-slate-400 mobile:hidden" aria-hidden="true" />
    </>
  );
}
