'use client';

import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useRef } from 'react';
import { cn, focusRing } from './cn';
import { opener, openers, returnTarget } from './focus-return';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

const widths = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' } as const;

export interface DialogContentProps extends React.ComponentProps<typeof DialogPrimitive.Content> {
  size?: keyof typeof widths;
  /** Hide the corner close button (e.g. a confirm dialog with its own buttons). */
  hideClose?: boolean;
}

/**
 * A centred modal (focus trapped, Esc and the overlay close it, focus returns to the trigger).
 * At <= 720 px it becomes a bottom sheet that scrolls.
 */
export function DialogContent({ className, children, size = 'md', hideClose = false, onOpenAutoFocus, onCloseAutoFocus, ...props }: DialogContentProps) {
  const t = useTranslations('common');
  const openedBy = useRef<HTMLElement | null>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/40 backdrop-blur-[2px] data-[state=open]:animate-overlay-in dark:bg-black/60" />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-xl border border-slate-200 bg-white p-6 text-slate-900 shadow-2xl data-[state=open]:animate-content-in dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100',
          'mobile:top-auto mobile:bottom-0 mobile:w-full mobile:max-w-none mobile:translate-y-0 mobile:rounded-b-none mobile:p-5 mobile:pb-[max(1.25rem,env(safe-area-inset-bottom))]',
          widths[size],
          className,
        )}
        onOpenAutoFocus={(event) => {
          openedBy.current = opener();
          if (event.currentTarget instanceof Element) openers.set(event.currentTarget, openedBy.current);
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          const back = returnTarget(openedBy.current);
          openedBy.current = null;
          if (event.defaultPrevented || !back) return;
          event.preventDefault();
          back.focus();
        }}
        {...props}
      >
        {children}
        {!hideClose && (
          <DialogPrimitive.Close
            className={cn('absolute end-3 top-3 rounded-md p-1.5 text-slate-400 transition-colors hover:bg-slate-100 hover:text-slate-700 dark:hover:bg-slate-800 dark:hover:text-slate-200', focusRing)}
            aria-label={t('close')}
          >
            <X className="size-4" aria-hidden="true" />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 pe-8', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return <div className={cn('mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end mobile:flex-col-reverse', className)} {...props} />;
}

export function DialogTitle({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg leading-snug font-semibold', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm leading-relaxed text-slate-500 dark:text-slate-400', className)} {...props} />;
}
