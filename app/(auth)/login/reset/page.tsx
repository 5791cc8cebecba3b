import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AuthShell } from '../auth-shell';
import { ResetForm } from './reset-form';
import { ClientMessages } from '@/components/i18n/client-messages';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('accounts.password');
  return { title: t('resetMetaTitle') };
}

/** The reset link's page: a new password (registration's rules); every session then ends. */
export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const t = await getTranslations('accounts.password');
  const { token } = await searchParams;
  return (
    <ClientMessages namespaces={['accounts.password', 'accounts.settings', 'accounts.validation', 'nav', 'validation']}>
      <AuthShell title={t('resetTitle')} lead={t('resetLead')}>
        <ResetForm token={typeof token === 'string' ? token : ''} />
      </AuthShell>
    </ClientMessages>
  );
}
