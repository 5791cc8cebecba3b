'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { useTranslations } from 'next-intl';

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
  const [url, setUrl] = useState(initialUrl);
  return (
    <form
      className="mt-4 space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(url.trim());
      }}
    >
      <label className="block text-sm font-medium">
        {t('link.url')}
        <input
          autoFocus
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="https://"
          className="mt-1 block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm outline-none focus:border-primary focus:ring-2 focus:ring-primary/30 dark:border-gray-600 dark:bg-gray-800"
        />
      </label>
      <div className="flex justify-end gap-2">
        <button type="button" onClick={onCancel} className="rounded-md border border-gray-300 px-3 py-1.5 text-sm hover:bg-gray-50 dark:border-gray-600 dark:hover:bg-gray-800">
          {t('link.cancel')}
        </button>
        <button type="submit" className="rounded-md bg-primary px-3 py-1.5 text-sm text-white hover:bg-primary-hover">
          {url.trim() ? t('link.apply') : t('link.remove')}
        </button>
      </div>
    </form>
  );
}
