import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { RequestPage } from '@/components/campaigns/request-page';
import { ClientMessages } from '@/components/i18n/client-messages';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('campaigns.form');
  return { title: t('smsTitle') };
}

/** /campaigns/sms-request; ?id= opens a draft (spec section 2). */
export default async function Page({ searchParams }: { searchParams: Promise<{ id?: string }> }) {
  const { id } = await searchParams;
  return (
    <ClientMessages namespaces={['campaigns', 'common', 'deliverability.confirmSend', 'sending.forecast', 'sending.reasons', 'subscription', 'ui', 'validation']}>
      <RequestPage channel={1} id={id} />
    </ClientMessages>
  );
}
