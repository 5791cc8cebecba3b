'use client';

import dynamic from 'next/dynamic';
import { createContext, useCallback, useContext, useRef, useState } from 'react';

export interface ConfirmOptions {
  title: React.ReactNode;
  description?: React.ReactNode;
  /** Defaults to the translated "Confirm" (or "Delete" when danger). */
  confirmLabel?: React.ReactNode;
  cancelLabel?: React.ReactNode;
  /** Red confirm button and a warning icon: for deletes and other irreversible actions. */
  danger?: boolean;
}

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/**
 * `const confirm = useConfirm(); if (await confirm({ title, danger: true })) …`.
 * Needs <ConfirmProvider> above (the root layout has one).
 */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm() needs a <ConfirmProvider> above it');
  return confirm;
}

// The dialog (Radix's focus trap, scroll lock, portal) loads on the first confirm(), not with
// every page: this provider is in the root layout, so its imports are in every first load.
const ConfirmDialogView = dynamic(() => import('./confirm-dialog-view').then((m) => m.ConfirmDialogView), { ssr: false });

export function ConfirmProvider({ children }: { children: React.ReactNode }) {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const [open, setOpen] = useState(false);
  const resolver = useRef<((value: boolean) => void) | null>(null);

  const confirm = useCallback<Confirm>((next) => {
    // A second confirm while one is open answers the first with "no".
    resolver.current?.(false);
    setOptions(next);
    setOpen(true);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const settle = (value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setOpen(false);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {/* Stays mounted after the first confirm, so that closing can animate. */}
      {options ? <ConfirmDialogView options={options} open={open} onSettle={settle} /> : null}
    </ConfirmContext.Provider>
  );
}
