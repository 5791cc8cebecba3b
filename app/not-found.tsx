import { FileQuestion } from 'lucide-react';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PublicFrame } from '@/components/shell/public-frame';
import { StatusPage } from '@/components/shell/status-page';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('shell.notFound');
  return { title: t('metaTitle') };
}

export default async function NotFound() {
  const t = await getTranslations('shell.notFound');
  return (
    <PublicFrame>
      <StatusPage code="404" title={t('title')} description={t('description')} icon={FileQuestion} />
    </PublicFrame>
  );
}
