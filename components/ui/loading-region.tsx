import { getTranslations } from 'next-intl/server';

/** Placeholders while content loads, announced once to screen readers ("loading"). */
export async function LoadingRegion({ className, children }: { className?: string; children: React.ReactNode }) {
  const t = await getTranslations('shell');
  return (
    <div role="status" aria-live="polite" className={className}>
      <span className="sr-only">{t('loading')}</span>
      {children}
    </div>
  );
}
