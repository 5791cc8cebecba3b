'use client';

import type * as Menu from '@radix-ui/react-dropdown-menu';
import { cloneElement, createContext, isValidElement, useContext, useEffect, useState } from 'react';

import { lazyParts } from './lazy-part';

export type { DropdownMenuItemProps } from './dropdown-menu-impl';

/**
 * The dropdown menu kit, with Radix's menu (popper, focus handling, roving focus: ~30 KB gzipped)
 * loaded on first use instead of with every page that has a row menu (issue 11). Until then a
 * menu is its trigger alone, carrying the same ARIA state; pointing at it or focusing it starts
 * the download, pressing it (pointer, Enter, Space or Arrow Down) shows the real menu, open. Once
 * loaded, every menu mounted afterwards is the Radix one straight away. Same API as before.
 */
type Impl = typeof import('./dropdown-menu-impl');

let loaded: Impl | null = null;
let loading: Promise<Impl> | null = null;
const load = () => (loading ??= import('./dropdown-menu-impl').then((m) => (loaded = m)));

const Context = createContext<{ impl: Impl | null; open: (byKeyboard: boolean) => void }>({ impl: null, open: () => undefined });

export function DropdownMenu({ children, ...props }: React.ComponentProps<typeof Menu.Root>) {
  const [impl, setImpl] = useState<Impl | null>(loaded);
  const [opened, setOpened] = useState<'pointer' | 'keyboard' | null>(null);
  const needed = !impl && (props.open || props.defaultOpen);
  useEffect(() => {
    if (needed) void load().then((m) => setImpl(() => m));
  }, [needed]);
  // Radix moves the focus to the first item when the keyboard opened the menu, which it learns
  // from a keydown it saw; this menu mounted after that key, so it is done here.
  useEffect(() => {
    if (impl && opened === 'keyboard') requestAnimationFrame(() => document.querySelector<HTMLElement>('[role="menu"][data-state="open"] [role="menuitem"]:not([data-disabled])')?.focus());
  }, [impl, opened]);
  if (impl) {
    return (
      <Context.Provider value={{ impl, open: () => undefined }}>
        <impl.DropdownMenu {...props} defaultOpen={props.defaultOpen || opened !== null}>
          {children}
        </impl.DropdownMenu>
      </Context.Provider>
    );
  }
  const open = (byKeyboard: boolean) => {
    setOpened(byKeyboard ? 'keyboard' : 'pointer');
    props.onOpenChange?.(true);
    void load().then((m) => setImpl(() => m));
  };
  return <Context.Provider value={{ impl: null, open }}>{children}</Context.Provider>;
}

export function DropdownMenuTrigger({ asChild, children, ...props }: React.ComponentProps<typeof Menu.Trigger>) {
  const { impl, open } = useContext(Context);
  if (impl)
    return (
      <impl.DropdownMenuTrigger asChild={asChild} {...props}>
        {children}
      </impl.DropdownMenuTrigger>
    );
  // The keys and the pointer press that open Radix's trigger; a click without a pointer press
  // (a screen reader's activation) opens it too.
  const lazy = {
    'aria-haspopup': 'menu' as const,
    'aria-expanded': false,
    'data-state': 'closed',
    onPointerEnter: () => void load(),
    onFocus: () => void load(),
    onPointerDown: (event: React.PointerEvent) => {
      if (event.button === 0 && !event.ctrlKey) open(false);
    },
    onKeyDown: (event: React.KeyboardEvent) => {
      if (['Enter', ' ', 'ArrowDown'].includes(event.key)) {
        event.preventDefault();
        open(true);
      }
    },
    onClick: (event: React.MouseEvent) => {
      if (event.detail === 0) open(true);
    },
  };
  if (asChild && isValidElement<Record<string, unknown>>(children)) return cloneElement(children, { ...props, ...lazy });
  return (
    <button type="button" {...props} {...lazy}>
      {children}
    </button>
  );
}

/** Parts inside the menu render only once it has loaded (the closed menu shows its trigger only). */
const part = lazyParts<Impl, React.ContextType<typeof Context>>(Context);

export const DropdownMenuContent = part((m) => m.DropdownMenuContent);
export const DropdownMenuItem = part((m) => m.DropdownMenuItem);
export const DropdownMenuCheckboxItem = part((m) => m.DropdownMenuCheckboxItem);
export const DropdownMenuRadioItem = part((m) => m.DropdownMenuRadioItem);
export const DropdownMenuRadioGroup = part((m) => m.DropdownMenuRadioGroup);
export const DropdownMenuLabel = part((m) => m.DropdownMenuLabel);
export const DropdownMenuSeparator = part((m) => m.DropdownMenuSeparator);
export const DropdownMenuGroup = part((m) => m.DropdownMenuGroup);
export const DropdownMenuSub = part((m) => m.DropdownMenuSub);
export const DropdownMenuSubTrigger = part((m) => m.DropdownMenuSubTrigger);
export const DropdownMenuSubContent = part((m) => m.DropdownMenuSubContent);
