import { Star } from 'lucide-react';
import { cn } from '@/components/ui/cn';

/** Five stars, `rating` filled; the label says it in words for screen readers. */
export function Stars({ rating, label, className }: { rating: number; label: string; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-0.5', className)} role="img" aria-label={label}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} aria-hidden="true" className={cn('size-4', n <= rating ? 'fill-amber-400 text-amber-400' : 'fill-slate-200 text-slate-200 dark:fill-slate-700 dark:text-slate-700')} />
      ))}
    </span>
  );
}
