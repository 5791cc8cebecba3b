'use client';

import { toast } from 'sonner';
import { createNotifyQueue, type NotifyKind } from './queue';

const queue = createNotifyQueue();

function show(kind: NotifyKind, message: string): void {
  if (!message) return;
  const decision = queue.push(kind, message);
  if (!decision.show || !decision.id) return;
  for (const id of decision.close) toast.dismiss(id);
  const id = decision.id;
  const options = { id, onDismiss: () => queue.dismissed(id), onAutoClose: () => queue.dismissed(id) };
  toast[kind](message, options);
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
