'use client';

import { AlertTriangle } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { cn, focusRing } from '@/components/ui/cn';

/** "N to check" beside a delivered figure: deliveries in review; opens the review dialog. */
export function ToCheckBadge({ count, onOpen, className }: { count: number; onOpen: () => void; className?: string }) {
  const t = useTranslations('sending.review');
  if (count <= 0) return null;
  return (
    <button
      type="button"
      onClick={onOpen}
      data-testid="to-check"
      className={cn(
        'inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-amber-800 ring-1 ring-amber-300 ring-inset hover:bg-amber-100 dark:bg-amber-500/15 dark:text-amber-200 dark:ring-amber-500/40 dark:hover:bg-amber-500/25',
        focusRing,
        className,
      )}
    >
      <AlertTriangle className="size-3" aria-hidden="true" />
      {t('toCheck', { count })}
      <span className="sr-only">{t('openReview')}</span>
    </button>
  );
}
