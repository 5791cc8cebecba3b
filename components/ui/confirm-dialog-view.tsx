'use client';

import { AlertTriangle, HelpCircle } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from './button';
import type { ConfirmOptions } from './confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './dialog';

/** The dialog of useConfirm(), loaded by ConfirmProvider on the first confirm(). */
export function ConfirmDialogView({ options, open, onSettle }: { options: ConfirmOptions; open: boolean; onSettle: (value: boolean) => void }) {
  const t = useTranslations('common');
  const Icon = options.danger ? AlertTriangle : HelpCircle;
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onSettle(false)}>
      <DialogContent size="sm" hideClose role="alertdialog">
        <div className="flex gap-4">
          <span
            className={
              options.danger
                ? 'flex size-10 shrink-0 items-center justify-center rounded-full bg-red-50 text-red-600 dark:bg-red-500/15 dark:text-red-400'
                : 'flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary dark:bg-primary/15'
            }
          >
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <DialogHeader className="pe-0 pt-1">
            <DialogTitle className="text-base">{options.title}</DialogTitle>
            {options.description ? <DialogDescription>{options.description}</DialogDescription> : <DialogDescription className="sr-only">{options.title}</DialogDescription>}
          </DialogHeader>
        </div>
        <DialogFooter>
          <Button variant="secondary" onClick={() => onSettle(false)}>
            {options.cancelLabel ?? t('cancel')}
          </Button>
          <Button variant={options.danger ? 'danger' : 'primary'} onClick={() => onSettle(true)}>
            {options.confirmLabel ?? (options.danger ? t('delete') : t('confirm'))}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
