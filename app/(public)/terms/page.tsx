import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LegalDocument } from '@/components/shell/legal-document';
import { PublicFrame } from '@/components/shell/public-frame';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('legal.terms');
  return { title: t('title') };
}

export default function Page() {
  return (
    <PublicFrame wide>
      <LegalDocument doc="terms" />
    </PublicFrame>
  );
}
