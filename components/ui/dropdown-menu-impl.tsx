'use client';

import * as Menu from '@radix-ui/react-dropdown-menu';
import { Check, ChevronRight, Circle } from 'lucide-react';
import { cn } from './cn';

/** Radix's menu, styled; loaded on first use through ./dropdown-menu (import that module, not this one). */
export const DropdownMenu = Menu.Root;
export const DropdownMenuTrigger = Menu.Trigger;
export const DropdownMenuGroup = Menu.Group;
export const DropdownMenuSub = Menu.Sub;
export const DropdownMenuRadioGroup = Menu.RadioGroup;

const surface =
  'z-50 min-w-44 overflow-hidden rounded-lg border border-slate-200 bg-white p-1 text-sm text-slate-700 shadow-lg data-[state=open]:animate-pop-in dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200';

// Highlighted text is primary-700 in light (4.8:1 or more on primary-soft for every accent): globals.css
// remaps a plain text-primary, never a variant's (data-highlighted:text-primary was 2.1-2.5:1).
const item =
  'relative flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 outline-none select-none data-disabled:pointer-events-none data-disabled:opacity-50 data-highlighted:bg-primary-soft data-highlighted:text-primary-700 dark:data-highlighted:bg-primary/15 dark:data-highlighted:text-primary-light [&_svg]:size-4 [&_svg]:shrink-0';

export function DropdownMenuContent({ className, sideOffset = 6, align = 'end', ...props }: React.ComponentProps<typeof Menu.Content>) {
  return (
    <Menu.Portal>
      <Menu.Content sideOffset={sideOffset} align={align} className={cn(surface, className)} {...props} />
    </Menu.Portal>
  );
}

export interface DropdownMenuItemProps extends React.ComponentProps<typeof Menu.Item> {
  /** Red text: delete and other destructive actions. */
  danger?: boolean;
}

export function DropdownMenuItem({ className, danger, ...props }: DropdownMenuItemProps) {
  return <Menu.Item className={cn(item, danger && 'text-red-600 data-highlighted:bg-red-50 data-highlighted:text-red-700 dark:text-red-400 dark:data-highlighted:bg-red-500/15 dark:data-highlighted:text-red-300', className)} {...props} />;
}

export function DropdownMenuCheckboxItem({ className, children, ...props }: React.ComponentProps<typeof Menu.CheckboxItem>) {
  return (
    <Menu.CheckboxItem className={cn(item, 'ps-8', className)} {...props}>
      <span className="absolute start-2 flex size-4 items-center justify-center">
        <Menu.ItemIndicator>
          <Check aria-hidden="true" />
        </Menu.ItemIndicator>
      </span>
      {children}
    </Menu.CheckboxItem>
  );
}

export function DropdownMenuRadioItem({ className, children, ...props }: React.ComponentProps<typeof Menu.RadioItem>) {
  return (
    <Menu.RadioItem className={cn(item, 'ps-8', className)} {...props}>
      <span className="absolute start-2 flex size-4 items-center justify-center">
        <Menu.ItemIndicator>
          <Circle className="size-2! fill-current" aria-hidden="true" />
        </Menu.ItemIndicator>
      </span>
      {children}
    </Menu.RadioItem>
  );
}

export function DropdownMenuLabel({ className, ...props }: React.ComponentProps<typeof Menu.Label>) {
  return <Menu.Label className={cn('px-2 py-1.5 text-xs font-medium text-slate-500 dark:text-slate-400', className)} {...props} />;
}

export function DropdownMenuSeparator({ className, ...props }: React.ComponentProps<typeof Menu.Separator>) {
  return <Menu.Separator className={cn('-mx-1 my-1 h-px bg-slate-100 dark:bg-slate-800', className)} {...props} />;
}

export function DropdownMenuSubTrigger({ className, children, ...props }: React.ComponentProps<typeof Menu.SubTrigger>) {
  return (
    <Menu.SubTrigger className={cn(item, 'data-[state=open]:bg-slate-100 dark:data-[state=open]:bg-slate-800', className)} {...props}>
      {children}
      <ChevronRight className="ms-auto text-slate-400 rtl:rotate-180" aria-hidden="true" />
    </Menu.SubTrigger>
  );
}

export function DropdownMenuSubContent({ className, ...props }: React.ComponentProps<typeof Menu.SubContent>) {
  return (
    <Menu.Portal>
      <Menu.SubContent className={cn(surface, className)} sideOffset={4} {...props} />
    </Menu.Portal>
  );
}
