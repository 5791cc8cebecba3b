import { Menu, Store } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import type { Theme } from '@/lib/theme/theme';
import { MobileNav } from './mobile-nav';
import { CurrentSectionTitle } from './page-title';
import { UserMenu } from './user-menu';
import { UserMenuFace } from './user-menu-face';

export interface TopBarProps {
  merchantName: string;
  userName: string;
  email: string;
  avatar?: string | null;
  menus?: readonly string[];
  theme: Theme;
}

/** Merchant name and user menu; in the mobile layout a compact bar with the drawer's hamburger. */
export async function TopBar({ merchantName, userName, email, avatar, menus, theme }: TopBarProps) {
  const ts = await getTranslations('shell');
  return (
    <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/85 px-8 backdrop-blur-md mobile:h-14 mobile:px-3 dark:border-slate-800 dark:bg-slate-900/85">
      <MobileNav merchantName={merchantName} menus={menus}>
        <Menu className="size-5" aria-hidden="true" />
      </MobileNav>
      <div className="hidden min-w-0 flex-1 mobile:flex">
        <CurrentSectionTitle />
      </div>
      <div className="flex min-w-0 flex-1 items-center gap-3 mobile:hidden">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary dark:bg-primary/15 dark:text-primary-light">
          <Store className="size-[18px]" aria-hidden="true" />
        </span>
        <span className="flex min-w-0 flex-col leading-tight">
          <span className="text-[11px] text-slate-400 dark:text-slate-500">{ts('merchant')}</span>
          <span className="truncate text-sm font-semibold text-slate-800 dark:text-slate-100" data-testid="merchant-name">
            {merchantName}
          </span>
        </span>
      </div>
      <UserMenu userName={userName} email={email} avatar={avatar} theme={theme}>
        <UserMenuFace userName={userName} email={email} avatar={avatar} />
      </UserMenu>
    </header>
  );
}
