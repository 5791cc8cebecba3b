'use client';

import { createNotifyQueue, type NotifyKind } from './queue';

const queue = createNotifyQueue();

// sonner loads after the page (issue 11: it was in every page's first-load JavaScript), together
// with the root layout's <Toaster />. A message waits until that toaster is mounted: sonner's
// toaster shows only the messages published after it subscribed.
let toasterMounted: () => void = () => {};
const ready = new Promise<void>((resolve) => (toasterMounted = resolve));
let sonner: Promise<typeof import('sonner')> | null = null;

/** Called once by lib/notify/toaster.tsx when sonner's toaster listens. */
export function markToasterMounted(): void {
  toasterMounted();
}

function show(kind: NotifyKind, message: string): void {
  if (!message) return;
  const decision = queue.push(kind, message);
  if (!decision.show || !decision.id) return;
  const id = decision.id;
  const close = decision.close;
  // Messages keep their order: each waits on the same two promises, in the order they were sent.
  void ready
    .then(() => (sonner ??= import('sonner')))
    .then(({ toast }) => {
      for (const closeId of close) toast.dismiss(closeId);
      const options = { id, onDismiss: () => queue.dismissed(id), onAutoClose: () => queue.dismissed(id) };
      toast[kind](message, options);
    });
}

/**
 * The one way client code shows a message (spec section 8): `notify.success(t('saved'))`,
 * `notify.warning(result.message)`. Identical messages within 2 s are dropped; a new message
 * closes the ones before it. Needs the <Toaster /> of the root layout.
 */
export const notify = {
  success: (message: string) => show('success', message),
  warning: (message: string) => show('warning', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};
