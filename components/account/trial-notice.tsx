import { Sparkles } from 'lucide-react';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { ServiceContext } from '@/lib/context';
import { isTrialing } from '@/lib/subscription/guard';

/**
 * For templates and campaigns pages: while trialing, a warning that editing is locked and a
 * link to upgrade (/more). Renders nothing for other plans. The server refuses anyway.
 */
export async function TrialNotice({ ctx }: { ctx: Pick<ServiceContext, 'db' | 'merchantId'> }) {
  if (!(await isTrialing(ctx))) return null;
  const t = await getTranslations('subscription');
  return (
    <div role="note" className="mb-4 flex flex-wrap items-center gap-3 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-800 dark:bg-amber-500/10 dark:text-amber-200">
      <Sparkles className="size-4 shrink-0" aria-hidden="true" />
      <span className="flex-1">{t('errors.trialNoEdit')}</span>
      <Link href="/more" className="font-medium underline underline-offset-4">
        {t('upgrade')}
      </Link>
    </div>
  );
}
