/**
 * The message rule of spec section 8, free of any UI library: an identical message within 2 s of
 * the last one is suppressed, and showing a message closes the earlier ones first.
 */
export type NotifyKind = 'success' | 'warning' | 'error' | 'info';

export const DUPLICATE_WINDOW_MS = 2000;

export interface NotifyDecision {
  /** false: an identical message was shown less than 2 s ago; do nothing. */
  show: boolean;
  /** Ids of the messages to close before showing this one. */
  close: string[];
  /** Id of the message to show. */
  id?: string;
}

export interface NotifyQueue {
  push(kind: NotifyKind, message: string): NotifyDecision;
  /** Tell the queue a message went away by itself (timeout, swipe, close button). */
  dismissed(id: string): void;
}

export function createNotifyQueue(options: { now?: () => number; windowMs?: number } = {}): NotifyQueue {
  const now = options.now ?? Date.now;
  const windowMs = options.windowMs ?? DUPLICATE_WINDOW_MS;
  let last: { kind: NotifyKind; message: string; at: number } | null = null;
  let open: string[] = [];
  let sequence = 0;
  return {
    push(kind, message) {
      const at = now();
      // Identical means the same text and the same kind; the window runs from the last shown one,
      // so a message repeated every second keeps being suppressed only while it is unchanged.
      if (last && last.kind === kind && last.message === message && at - last.at < windowMs) return { show: false, close: [] };
      last = { kind, message, at };
      const close = open;
      const id = `notify-${++sequence}`;
      open = [id];
      return { show: true, close, id };
    },
    dismissed(id) {
      open = open.filter((openId) => openId !== id);
    },
  };
}
