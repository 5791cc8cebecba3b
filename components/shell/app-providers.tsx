'use client';

import { ConfirmProvider } from '@/components/ui/confirm-dialog';
import { TooltipProvider } from '@/components/ui/tooltip';
import { Toaster } from '@/lib/notify/toaster';
import type { Theme } from '@/lib/theme/theme';
import { ThemeSync } from '@/lib/theme/theme-sync';
// Before any form validates: keeps zod from probing eval under the page CSP (docs/security.md).
import '@/lib/security/zod-csp';

/** Client-side providers every page can rely on: tooltips, useConfirm(), notify's toaster. */
export function AppProviders({ theme, children }: { theme: Theme; children: React.ReactNode }) {
  return (
    <TooltipProvider>
      <ConfirmProvider>
        {children}
        <Toaster />
        <ThemeSync theme={theme} />
      </ConfirmProvider>
    </TooltipProvider>
  );
}
