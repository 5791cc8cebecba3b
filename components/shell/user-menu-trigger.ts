import { cn, focusRing } from '@/components/ui/cn';

/** The user menu button's classes, before (./user-menu.tsx) and after (./user-menu-dropdown.tsx) the menu's code has loaded. */
export const USER_MENU_TRIGGER = cn(
  'flex items-center gap-2.5 rounded-lg py-1 ps-1 pe-2 text-start transition-colors hover:bg-slate-100 data-[state=open]:bg-slate-100 mobile:rounded-full mobile:p-0.5 dark:hover:bg-slate-800 dark:data-[state=open]:bg-slate-800',
  focusRing,
);
