import { ShieldX } from 'lucide-react';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PublicFrame } from '@/components/shell/public-frame';
import { StatusPage } from '@/components/shell/status-page';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('shell.noPermission');
  return { title: t('metaTitle') };
}

/** Where requirePermission() sends a user without the permission (spec section 2). */
export default async function NoPermissionPage() {
  const t = await getTranslations('shell.noPermission');
  return (
    <PublicFrame>
      <StatusPage code="403" title={t('title')} description={t('description')} icon={ShieldX} />
    </PublicFrame>
  );
}
