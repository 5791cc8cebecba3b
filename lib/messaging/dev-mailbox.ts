import { setting } from '@/lib/config/settings';
/**
 * The dev mailbox (/dev/mailbox) shows every stored message to anyone who can open the page, so
 * it exists only outside production, or when DEV_MAILBOX=1 (the e2e suite's production build).
 * Read at request time, never at build time.
 */
export function devMailboxEnabled(): boolean {
  return setting('devMailbox');
}
