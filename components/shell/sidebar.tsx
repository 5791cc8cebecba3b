import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { cn, focusRing } from '@/components/ui/cn';
import { Logo } from './logo';
import { navIcons } from './nav-icons';
import { NavList } from './nav-list';

/** The desktop navigation column (hidden in the mobile layout, where the drawer takes over). */
export async function Sidebar({ menus }: { menus?: readonly string[] }) {
  const t = await getTranslations('nav');
  const ts = await getTranslations('shell');
  return (
    <aside className="fixed inset-y-0 start-0 z-30 flex w-60 flex-col border-e border-slate-200 bg-white mobile:hidden dark:border-slate-800 dark:bg-slate-900">
      <div className="flex h-16 shrink-0 items-center px-5">
        <Link href="/dashboard" className={cn('rounded-lg', focusRing)}>
          <Logo subtitle={ts('tagline')} />
        </Link>
      </div>
      <nav aria-label={t('main')} className="flex-1 overflow-y-auto px-3 pt-3 pb-6">
        <NavList menus={menus} icons={navIcons()} />
      </nav>
      <div className="flex items-center gap-3 border-t border-slate-100 px-5 py-3 text-xs text-slate-400 dark:border-slate-800 dark:text-slate-500">
        <Link href="/privacy" className={cn('rounded hover:text-slate-600 dark:hover:text-slate-300', focusRing)}>
          {ts('privacy')}
        </Link>
        <span aria-hidden="true">·</span>
        <Link href="/terms" className={cn('rounded hover:text-slate-600 dark:hover:text-slate-300', focusRing)}>
          {ts('terms')}
        </Link>
      </div>
    </aside>
  );
}
