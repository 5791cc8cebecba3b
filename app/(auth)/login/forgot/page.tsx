import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AuthShell } from '../auth-shell';
import { ForgotForm } from './forgot-form';
import { ClientMessages } from '@/components/i18n/client-messages';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('accounts.password');
  return { title: t('forgotMetaTitle') };
}

/** Forgot password: the sign-in e-mail, answered the same whether or not it has an account. */
export default async function ForgotPasswordPage() {
  const t = await getTranslations('accounts.password');
  return (
    <ClientMessages namespaces={['accounts.password', 'accounts.settings', 'accounts.validation', 'login', 'nav', 'validation']}>
      <AuthShell title={t('forgotTitle')} lead={t('forgotLead')}>
        <ForgotForm />
      </AuthShell>
    </ClientMessages>
  );
}
