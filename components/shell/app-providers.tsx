'use client';

import dynamic from 'next/dynamic';
import { ConfirmProvider } from '@/components/ui/confirm-dialog';
import type { Theme } from '@/lib/theme/theme';
import { ThemeSync } from '@/lib/theme/theme-sync';
// Before any form validates: keeps zod from probing eval under the page CSP (docs/security.md).
import '@/lib/security/zod-csp';
// Notes what took the focus last, for dialogs to give it back (components/ui/focus-return.ts).
import '@/components/ui/focus-return';

// sonner loads after the page; notify() waits for it (lib/notify/notify.ts).
const Toaster = dynamic(() => import('@/lib/notify/toaster').then((m) => m.Toaster), { ssr: false });

/**
 * Client-side providers every page can rely on: useConfirm(), notify's toaster. Everything here is
 * in every page's first-load JavaScript (issue 11), so tooltips bring their own
 * provider, and the confirm dialog and the toaster load after the page.
 */
export function AppProviders({ theme, children }: { theme: Theme; children: React.ReactNode }) {
  return (
    <ConfirmProvider>
      {children}
      <Toaster />
      <ThemeSync theme={theme} />
    </ConfirmProvider>
  );
}
