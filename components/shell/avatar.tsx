import { cn } from '@/components/ui/cn';

/** The user's picture, or the first letter of their name on a soft primary disc. */
export function Avatar({ name, src, className }: { name: string; src?: string | null; className?: string }) {
  const initial = Array.from(name.trim())[0]?.toUpperCase() ?? '?';
  if (src) {
    // eslint-disable-next-line @next/next/no-img-element -- avatars may live on any host; next/image would need each one configured
    return <img src={src} alt="" className={cn('size-8 shrink-0 rounded-full object-cover', className)} />;
  }
  return (
    <span aria-hidden="true" className={cn('flex size-8 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-primary-400 to-primary-600 text-sm font-semibold text-white', className)}>
      {initial}
    </span>
  );
}
