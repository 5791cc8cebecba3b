'use client';

import { useLazyMenu } from '@/components/ui/lazy-menu';

const loadMenu = () => import('./language-menu').then((m) => m.LanguageMenu);

/** The language button until the menu's code has loaded (components/ui/lazy-menu.tsx), then the menu, open. */
export function LanguageSwitchButton({ className, triggerClassName, label, children }: { className?: string; triggerClassName: string; label: string; children: React.ReactNode }) {
  const { Menu, buttonProps } = useLazyMenu(loadMenu);
  if (Menu) return <Menu className={className} defaultOpen />;
  return (
    <button {...buttonProps} aria-label={label} className={triggerClassName}>
      {children}
    </button>
  );
}
