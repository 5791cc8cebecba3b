'use client';

import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Store, X } from 'lucide-react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { cn, focusRing } from '@/components/ui/cn';
import { Logo } from './logo';
import { navIcons } from './nav-icons';
import { NavList } from './nav-list';

interface DrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  merchantName: string;
  menus?: readonly string[];
  /** The hamburger, focused again when the drawer closes. */
  returnFocus: React.RefObject<HTMLButtonElement | null>;
}

/** The drawer of MobileNav, loaded on the first press of the hamburger. */
export function MobileNavDrawer({ open, onOpenChange, merchantName, menus, returnFocus }: DrawerProps) {
  const t = useTranslations('nav');
  const ts = useTranslations('shell');
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/40 backdrop-blur-[2px] data-[state=open]:animate-overlay-in dark:bg-black/60" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          // Radix gives the focus back only to its own Trigger; the hamburger is a plain button.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus.current?.focus();
          }}
          className="fixed inset-y-0 start-0 z-50 flex w-[min(18rem,85vw)] flex-col border-e border-slate-200 bg-white shadow-2xl data-[state=open]:animate-drawer-in dark:border-slate-800 dark:bg-slate-900"
        >
          <DialogPrimitive.Title className="sr-only">{t('main')}</DialogPrimitive.Title>
          <div className="flex h-14 items-center justify-between border-b border-slate-100 px-4 dark:border-slate-800">
            <Link href="/dashboard" className={cn('rounded-lg', focusRing)} aria-label={ts('home')}>
              <Logo />
            </Link>
            <DialogPrimitive.Close aria-label={t('closeMenu')} className={cn('flex size-9 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800', focusRing)}>
              <X className="size-5" aria-hidden="true" />
            </DialogPrimitive.Close>
          </div>
          <div className="mx-3 mt-3 flex items-center gap-2.5 rounded-lg bg-slate-50 px-3 py-2.5 dark:bg-slate-800/60">
            <Store className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
            <span className="truncate text-sm font-medium text-slate-700 dark:text-slate-200">{merchantName}</span>
          </div>
          <nav aria-label={t('main')} className="flex-1 overflow-y-auto px-3 py-4">
            <NavList menus={menus} icons={navIcons()} onNavigate={() => onOpenChange(false)} />
          </nav>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
