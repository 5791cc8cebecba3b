'use client';

import type * as DialogPrimitive from '@radix-ui/react-dialog';
import { cloneElement, createContext, isValidElement, useContext, useEffect, useState } from 'react';
import { whenIdle } from './use-lazy-mount';
import { lazyParts } from './lazy-part';

/**
 * The kit of ./dialog (same names, same props) with Radix's dialog (focus trap, scroll lock,
 * portal: ~10 KB gzipped) loaded once the page is idle, or when a dialog opens before that,
 * instead of with the page (issue 11). Until then a closed dialog renders only its trigger; once
 * loaded, every dialog is the Radix one (and ./dialog follows the focus, to give it back later).
 */
type Impl = typeof import('./dialog');

let loaded: Impl | null = null;
let loading: Promise<Impl> | null = null;
const load = () => (loading ??= import('./dialog').then((m) => (loaded = m)));

const Context = createContext<{ impl: Impl | null; open: () => void }>({ impl: null, open: () => undefined });

export function Dialog({ children, ...props }: React.ComponentProps<typeof DialogPrimitive.Root>) {
  const [impl, setImpl] = useState<Impl | null>(loaded);
  const [opened, setOpened] = useState(false);
  const needed = !impl && (props.open || props.defaultOpen);
  useEffect(() => {
    if (needed) void load().then((m) => setImpl(() => m));
  }, [needed]);
  useEffect(() => {
    if (!impl) return whenIdle(() => void load().then((m) => setImpl(() => m)));
  }, [impl]);
  if (impl) {
    return (
      <Context.Provider value={{ impl, open: () => undefined }}>
        <impl.Dialog {...props} defaultOpen={props.defaultOpen || opened}>
          {children}
        </impl.Dialog>
      </Context.Provider>
    );
  }
  const open = () => {
    if (props.open === undefined) setOpened(true);
    props.onOpenChange?.(true);
    void load().then((m) => setImpl(() => m));
  };
  return <Context.Provider value={{ impl: null, open }}>{children}</Context.Provider>;
}

export function DialogTrigger({ asChild, children, ...props }: React.ComponentProps<typeof DialogPrimitive.Trigger>) {
  const { impl, open } = useContext(Context);
  if (impl)
    return (
      <impl.DialogTrigger asChild={asChild} {...props}>
        {children}
      </impl.DialogTrigger>
    );
  const lazy = {
    'aria-haspopup': 'dialog' as const,
    'aria-expanded': false,
    'data-state': 'closed',
    onPointerEnter: () => void load(),
    onFocus: () => void load(),
    onClick: open,
  };
  if (asChild && isValidElement<{ onClick?: (event: React.MouseEvent) => void }>(children))
    return cloneElement(children, {
      ...props,
      ...lazy,
      onClick: (event: React.MouseEvent) => {
        children.props.onClick?.(event);
        if (!event.defaultPrevented) open();
      },
    });
  return (
    <button type="button" {...props} {...lazy}>
      {children}
    </button>
  );
}

/** Parts inside the dialog render only once it has loaded (a closed dialog shows nothing). */
const part = lazyParts<Impl, React.ContextType<typeof Context>>(Context);

export const DialogContent = part((m) => m.DialogContent);
export const DialogHeader = part((m) => m.DialogHeader);
export const DialogFooter = part((m) => m.DialogFooter);
export const DialogTitle = part((m) => m.DialogTitle);
export const DialogDescription = part((m) => m.DialogDescription);
export const DialogClose = part((m) => m.DialogClose);
