'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { cn, focusRing } from '@/components/ui/cn';
import type { NavIcons } from './nav-icons';
import { NAV_GROUPS, activeNavKey, allowedItems } from './nav-items';

/** The grouped main navigation, shared by the sidebar and the mobile drawer. */
export function NavList({ menus, icons, onNavigate }: { menus?: readonly string[]; icons: NavIcons; onNavigate?: () => void }) {
  const t = useTranslations('nav');
  const tg = useTranslations('shell.groups');
  const pathname = usePathname();
  const active = activeNavKey(pathname);
  const allowed = allowedItems(menus);
  return (
    <div className="flex flex-col gap-5">
      {NAV_GROUPS.map((group) => {
        const items = group.items.filter(allowed);
        if (items.length === 0) return null;
        return (
          <div key={group.key} className="flex flex-col gap-0.5">
            <p className="px-3 pb-1 text-[11px] font-medium tracking-wider text-slate-500 uppercase dark:text-slate-400">{tg(group.key)}</p>
            <ul className="flex flex-col gap-0.5">
              {items.map((item) => {
                const isActive = item.key === active;
                return (
                  <li key={item.key}>
                    <Link
                      href={item.href}
                      onClick={onNavigate}
                      aria-current={isActive ? 'page' : undefined}
                      data-nav={item.key}
                      className={cn(
                        'group relative flex h-9 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors',
                        isActive
                          ? 'bg-primary-soft text-primary dark:bg-primary/15 dark:text-primary-light'
                          : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800/70 dark:hover:text-slate-100',
                        focusRing,
                        'focus-visible:ring-offset-0',
                      )}
                    >
                      {isActive && <span aria-hidden="true" className="absolute inset-y-2 -start-3 w-1 rounded-e-full bg-primary" />}
                      {isActive ? icons[item.key].active : icons[item.key].idle}
                      {t(item.key)}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </div>
  );
}
