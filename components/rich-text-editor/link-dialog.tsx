'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useId } from 'react';
import { useTranslations } from 'next-intl';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import { useFieldMessage } from '@/components/ui/use-field-message';
import type { linkSchema } from './link-schema';

type Values = z.input<typeof linkSchema>;
// The address as the sanitiser will keep it (./link-schema.ts), loaded on the first check.
const resolver = lazyZodResolver(() => import('./link-schema').then((m) => m.linkSchema));

interface LinkDialogProps {
  open: boolean;
  initialUrl: string;
  onOpenChange: (open: boolean) => void;
  /** An empty address removes the link (spec section 5). */
  onSubmit: (url: string) => void;
  /** Where focus goes when the dialog closes (the editor, not the toolbar button). */
  onClosed: () => void;
}

/** The link dialog of the rich-text editor. */
export function LinkDialog({ open, initialUrl, onOpenChange, onSubmit, onClosed }: LinkDialogProps) {
  const t = useTranslations('templates.richText');
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          // Radix would focus the toolbar button after closing; typing goes on in the editor instead.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onClosed();
          }}
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-5 shadow-xl dark:bg-gray-900 dark:text-gray-100">
          <Dialog.Title className="text-base font-semibold">{t('link.title')}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-gray-500 dark:text-gray-400">{t('link.hint')}</Dialog.Description>
          {open ? <LinkForm initialUrl={initialUrl} onSubmit={onSubmit} onCancel={() => onOpenChange(false)} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function LinkForm({ initialUrl, onSubmit, onCancel }: { initialUrl: string; onSubmit: (url: string) => void; onCancel: () => void }) {
  const t = useTranslations('templates.richText');
  const { register, control, handleSubmit, formState } = useForm<Values, unknown, z.output<typeof linkSchema>>({ resolver, defaultValues: { url: initialUrl } });
  const message = useFieldMessage(formState.errors);
  const error = message('url');
  const errorId = useId();
  const url = useWatch({ control, name: 'url' });
  // Validation ready before the first submit, so that submitting closes the dialog in the same task.
  useEffect(() => resolver.preload(), []);
  return (
    <form
      className="mt-4 space-y-4"
      noValidate
      onSubmit={(event) => {
        // React bubbles the submit through the portal to the form around the editor (the post editor's, which would save).
        event.stopPropagation();
        void handleSubmit((values) => onSubmit(values.url))(event);
      }}
    >
      <div>
        <label className="block text-sm font-medium">
          {t('link.url')}
          <input
            autoFocus
            {...register('url')}
            placeholder="https://"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="mt-1 block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm outline-none focus:border-primary focus:ring-2 focus:ring-primary/30 aria-invalid:border-red-500 dark:border-gray-600 dark:bg-gray-800"
          />
        </label>
        {error && (
          <p id={errorId} role="alert" className="mt-1 text-[13px] leading-snug text-red-600 dark:text-red-400">
            {error}
          </p>
        )}
      </div>
      <div className="flex justify-end gap-2">
        <button type="button" onClick={onCancel} className="rounded-md border border-gray-300 px-3 py-1.5 text-sm hover:bg-gray-50 dark:border-gray-600 dark:hover:bg-gray-800">
          {t('link.cancel')}
        </button>
        <button type="submit" className="rounded-md bg-primary-700 px-3 py-1.5 text-sm text-white hover:bg-primary-800">
          {url.trim() ? t('link.apply') : t('link.remove')}
        </button>
      </div>
    </form>
  );
}
