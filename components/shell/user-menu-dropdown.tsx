'use client';

import { Languages, LogOut, Monitor, Moon, Palette, Settings, Store, Sun } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useTransition } from 'react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu-impl';
import { setLocaleAction } from '@/lib/i18n/locale-actions';
import { locales, type Locale } from '@/lib/i18n/locales';
import { isTheme, type Theme } from '@/lib/theme/theme';
import { useTheme } from '@/lib/theme/use-theme';
import { Avatar } from './avatar';
import { UserMenuFace } from './user-menu-face';
import { USER_MENU_TRIGGER } from './user-menu-trigger';
import { LANGUAGE_NAMES } from './language-names';
import { signOutAction } from './sign-out-action';

// A submenu's current value is slate-600 in light: slate-500 (what slate-400 text becomes there, globals.css) is 4.3:1 on
// the highlighted or open row.
const THEME_ICONS: Record<Theme, typeof Sun> = { light: Sun, dark: Moon, system: Monitor };

export interface UserMenuProps {
  userName: string;
  email: string;
  avatar?: string | null;
  theme: Theme;
}

/** The signed-in user's menu, loaded by UserMenu (./user-menu.tsx) on first use. */
export function UserMenuDropdown({ userName, email, avatar, theme: serverTheme, defaultOpen }: UserMenuProps & { defaultOpen?: boolean }) {
  const t = useTranslations('nav');
  const tt = useTranslations('theme');
  const locale = useLocale() as Locale;
  const router = useRouter();
  const { theme, setTheme } = useTheme(serverTheme);
  const [pending, startTransition] = useTransition();

  const changeLocale = (next: string) => {
    if (next === locale) return;
    startTransition(async () => {
      await setLocaleAction(next);
      router.refresh();
    });
  };

  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger data-testid="user-menu" className={USER_MENU_TRIGGER}>
        <UserMenuFace userName={userName} email={email} avatar={avatar} />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-64" aria-busy={pending || undefined}>
        <DropdownMenuLabel className="flex items-center gap-3 py-2 font-normal">
          <Avatar name={userName} src={avatar} className="size-9" />
          <span className="flex min-w-0 flex-col">
            <span className="truncate text-sm font-medium text-slate-900 dark:text-white" data-testid="user-menu-name">
              {userName}
            </span>
            <span className="truncate text-xs text-slate-500 dark:text-slate-400">{email}</span>
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href="/profile">
            <Store aria-hidden="true" />
            {t('profile')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href="/chat/settings">
            <Settings aria-hidden="true" />
            {t('settings')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuSub>
          <DropdownMenuSubTrigger>
            <Languages aria-hidden="true" />
            {t('language')}
            <span className="ms-auto text-xs text-slate-600 dark:text-slate-400">{LANGUAGE_NAMES[locale]}</span>
          </DropdownMenuSubTrigger>
          <DropdownMenuSubContent className="min-w-40">
            <DropdownMenuRadioGroup value={locale} onValueChange={changeLocale}>
              {locales.map((l) => (
                <DropdownMenuRadioItem key={l} value={l} lang={l}>
                  {LANGUAGE_NAMES[l]}
                </DropdownMenuRadioItem>
              ))}
            </DropdownMenuRadioGroup>
          </DropdownMenuSubContent>
        </DropdownMenuSub>
        <DropdownMenuSub>
          <DropdownMenuSubTrigger>
            <Palette aria-hidden="true" />
            {t('theme')}
            <span className="ms-auto text-xs text-slate-600 dark:text-slate-400">{tt(theme)}</span>
          </DropdownMenuSubTrigger>
          <DropdownMenuSubContent className="min-w-40">
            <DropdownMenuRadioGroup value={theme} onValueChange={(value) => isTheme(value) && setTheme(value)}>
              {(['light', 'dark', 'system'] as const).map((value) => {
                const Icon = THEME_ICONS[value];
                return (
                  <DropdownMenuRadioItem key={value} value={value}>
                    {tt(value)}
                    <Icon className="ms-auto text-slate-400" aria-hidden="true" />
                  </DropdownMenuRadioItem>
                );
              })}
            </DropdownMenuRadioGroup>
          </DropdownMenuSubContent>
        </DropdownMenuSub>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          danger
          onSelect={(event) => {
            event.preventDefault();
            startTransition(() => signOutAction());
          }}
        >
          <LogOut aria-hidden="true" />
          {t('logout')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
