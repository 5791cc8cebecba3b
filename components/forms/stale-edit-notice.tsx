'use client';

import { useTranslations } from 'next-intl';
import type { ActionResult } from '@/lib/auth/authed-action';
import { cn } from '@/components/ui/cn';

/** A save refused because the record changed since the form loaded it (lib/errors/stale-edit.ts). */
export function isStaleEdit(result: ActionResult<unknown>): boolean {
  return !result.ok && result.code === 'CONFLICT' && result.details?.stale === true;
}

/**
 * The form-level refusal of a stale save (the form's `root.stale` error), with the way out: reload
 * the page to see the other person's changes (the form's own edits are not merged into them).
 */
export function StaleEditNotice({ message, className }: { message: string | undefined; className?: string }) {
  const t = useTranslations('common');
  if (!message) return null;
  return (
    <p role="alert" data-testid="stale-edit" className={cn('rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-800 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200', className)}>
      {message}{' '}
      <button type="button" className="font-medium underline underline-offset-4" onClick={() => window.location.reload()}>
        {t('reload')}
      </button>
    </p>
  );
}
