import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { PageHeader } from '@/components/ui/page-header';
import { requireSession } from '@/lib/auth/session';
import { upgradeDetails } from '@/lib/billing/upgrade-details';
import { UpgradeClient } from './upgrade-client';
import { ClientMessages } from '@/components/i18n/client-messages';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('billing');
  return { title: t('title') };
}

/** Upgrade: the plans of spec section 3 and a request to the operator (payment is out of scope). */
export default async function UpgradePage() {
  const { ctx } = await requireSession();
  const t = await getTranslations('billing');
  const details = await upgradeDetails(ctx);
  return (
    <ClientMessages namespaces={['billing', 'subscription', 'validation']}>
      <PageHeader
        title={t('title')}
        description={t('description')}
        back={
          <Link href="/chat/settings" className="text-primary hover:underline">
            ← {t('back')}
          </Link>
        }
      />
      <UpgradeClient details={details} />
    </ClientMessages>
  );
}
