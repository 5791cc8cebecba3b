import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { RequestPage } from '@/components/campaigns/request-page';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('campaigns.form');
  return { title: t('emailTitle') };
}

/** /campaigns/email-request; ?id= opens a draft (spec section 2). */
export default async function Page({ searchParams }: { searchParams: Promise<{ id?: string }> }) {
  const { id } = await searchParams;
  return <RequestPage channel={0} id={id} />;
}
