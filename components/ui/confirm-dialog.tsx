'use client';

import { AlertTriangle, HelpCircle } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { createContext, useCallback, useContext, useRef, useState } from 'react';
import { Button } from './button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './dialog';

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

export function ConfirmProvider({ children }: { children: React.ReactNode }) {
  const t = useTranslations('common');
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

  const Icon = options?.danger ? AlertTriangle : HelpCircle;
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Dialog open={open} onOpenChange={(next) => !next && settle(false)}>
        <DialogContent size="sm" hideClose role="alertdialog">
          <div className="flex gap-4">
            <span
              className={
                options?.danger
                  ? 'flex size-10 shrink-0 items-center justify-center rounded-full bg-red-50 text-red-600 dark:bg-red-500/15 dark:text-red-400'
                  : 'flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary dark:bg-primary/15'
              }
            >
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <DialogHeader className="pe-0 pt-1">
              <DialogTitle className="text-base">{options?.title}</DialogTitle>
              {options?.description ? <DialogDescription>{options.description}</DialogDescription> : <DialogDescription className="sr-only">{options?.title}</DialogDescription>}
            </DialogHeader>
          </div>
          <DialogFooter>
            <Button variant="secondary" onClick={() => settle(false)}>
              {options?.cancelLabel ?? t('cancel')}
            </Button>
            <Button variant={options?.danger ? 'danger' : 'primary'} onClick={() => settle(true)}>
              {options?.confirmLabel ?? (options?.danger ? t('delete') : t('confirm'))}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </ConfirmContext.Provider>
  );
}
