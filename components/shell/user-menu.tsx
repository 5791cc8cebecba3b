'use client';

import { useLazyMenu } from '@/components/ui/lazy-menu';
import type { Theme } from '@/lib/theme/theme';
import { USER_MENU_TRIGGER } from './user-menu-trigger';

export interface UserMenuProps {
  userName: string;
  email: string;
  avatar?: string | null;
  theme: Theme;
}

const loadDropdown = () => import('./user-menu-dropdown').then((m) => m.UserMenuDropdown);

/**
 * The top bar's user menu (profile, settings, language, theme, log out); its code loads on first use.
 * Until then `children` is the button's face (./user-menu-face.tsx), rendered on the server.
 */
export function UserMenu({ children, ...props }: UserMenuProps & { children: React.ReactNode }) {
  const { Menu, buttonProps } = useLazyMenu(loadDropdown);
  if (Menu) return <Menu {...props} defaultOpen />;
  return (
    <button {...buttonProps} data-testid="user-menu" className={USER_MENU_TRIGGER}>
      {children}
    </button>
  );
}
