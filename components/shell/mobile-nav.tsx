'use client';

import dynamic from 'next/dynamic';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { cn, focusRing } from '@/components/ui/cn';

// The drawer (Radix dialog: focus trap, scroll lock, portal) loads when the hamburger is first
// pressed, not with every signed-in page (issue 11: first-load JavaScript).
const MobileNavDrawer = dynamic(() => import('./mobile-nav-drawer').then((m) => m.MobileNavDrawer), { ssr: false });

/**
 * The drawer navigation of the mobile layout: a hamburger opens it; focus is trapped inside, Esc,
 * the close button, the backdrop or choosing a page closes it, and focus returns to the hamburger.
 * The hamburger's icon comes from the server (`children`), keeping lucide out of this code.
 */
export function MobileNav({ merchantName, menus, children }: { merchantName: string; menus?: readonly string[]; children: React.ReactNode }) {
  const t = useTranslations('nav');
  const hamburger = useRef<HTMLButtonElement>(null);
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  // Close when the route changes by any means (a link inside, the browser's back button).
  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    if (open) setOpen(false);
  }
  return (
    <>
      <button
        ref={hamburger}
        type="button"
        aria-label={t('openMenu')}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? 'open' : 'closed'}
        data-testid="open-nav"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className={cn('hidden size-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 mobile:flex dark:text-slate-300 dark:hover:bg-slate-800', focusRing)}
      >
        {children}
      </button>
      {wanted ? <MobileNavDrawer open={open} onOpenChange={setOpen} merchantName={merchantName} menus={menus} returnFocus={hamburger} /> : null}
    </>
  );
}
