import { useId } from 'react';
import { cn } from '@/components/ui/cn';

/** lucide-react's "star" outline (tests/unit/stars.test.ts compares it), drawn once and used five times. */
export const STAR_PATH =
  'M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z';
// Each star is 24 units (16 px) with 3 units (2 px) between them.
const STEP = 27;

/**
 * Five stars, `rating` filled; the label says it in words for screen readers. One SVG whose five
 * stars reuse one path: a list of 20 reviews carried 100 full icons, ~55 KB of its HTML.
 */
export function Stars({ rating, label, className }: { rating: number; label: string; className?: string }) {
  const id = useId();
  return (
    <span className={cn('inline-flex items-center', className)} role="img" aria-label={label}>
      <svg viewBox={`0 0 ${STEP * 4 + 24} 24`} className="h-4 w-22" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <defs>
          <path id={id} d={STAR_PATH} />
        </defs>
        {[0, 1, 2, 3, 4].map((i) => (
          <use key={i} href={`#${id}`} x={i * STEP} className={i < rating ? 'fill-amber-400 text-amber-400' : 'fill-slate-200 text-slate-200 dark:fill-slate-700 dark:text-slate-700'} />
        ))}
      </svg>
    </span>
  );
}
