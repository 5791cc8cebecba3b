import { cn } from '@/components/ui/cn';

/**
 * The StarLoop mark: a star riding a loop, on the primary colour. The gradient is CSS, not an SVG
 * <linearGradient>: a gradient id defined inside a hidden copy of the mark would blank the others.
 */
export function LogoMark({ className }: { className?: string }) {
  return (
    <span aria-hidden="true" className={cn('inline-flex size-8 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-gradient-to-br from-[#66b1ff] to-[#2f80ed]', className)}>
      <svg viewBox="0 0 32 32" className="size-full">
        <path d="M8.5 19.5a8 8 0 1 0 3-9.6" fill="none" stroke="white" strokeOpacity="0.55" strokeWidth="2.2" strokeLinecap="round" />
        <path d="M16 9.2l1.9 3.9 4.3.6-3.1 3 .7 4.3L16 19l-3.8 2 .7-4.3-3.1-3 4.3-.6z" fill="white" />
      </svg>
    </span>
  );
}

export function Logo({ className, subtitle }: { className?: string; subtitle?: string }) {
  return (
    <span className={cn('flex items-center gap-2.5', className)}>
      <LogoMark />
      <span className="flex flex-col leading-none">
        <span className="text-[17px] font-semibold tracking-tight text-slate-900 dark:text-white">StarLoop</span>
        {subtitle && <span className="mt-1 text-[11px] text-slate-500 dark:text-slate-400">{subtitle}</span>}
      </span>
    </span>
  );
}
