import Link from 'next/link';
import { AlertTriangle } from 'lucide-react';
import { getTranslations } from 'next-intl/server';

/** Shown on /sources and /reviews while a source's grant is revoked: the merchant must reconnect. */
export async function RevokedBanner({ revoked, showLink = true }: { revoked: { id: number; provider: string }[]; showLink?: boolean }) {
  if (!revoked.length) return null;
  const t = await getTranslations('sources');
  return (
    <div role="alert" className="mb-5 flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200">
      <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="flex flex-col gap-1">
        <p className="font-semibold">{t('revoked.title')}</p>
        <p>{t('revoked.body')}</p>
        {showLink && (
          <Link href="/sources" className="font-medium text-amber-900 underline underline-offset-2 dark:text-amber-100">
            {t('revoked.action')}
          </Link>
        )}
      </div>
    </div>
  );
}
