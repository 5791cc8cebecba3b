import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AuthShell } from '../auth-shell';
import { ResetForm } from './reset-form';
import { ClientMessages } from '@/components/i18n/client-messages';
import { getDb } from '@/db/client';
import { resetLinkProblem } from '@/lib/auth/password-reset';
import { runtimeKey } from '@/lib/i18n/runtime-key';
import { firstValue } from '@/lib/http/search-params';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('accounts.password');
  return { title: t('resetMetaTitle') };
}

/** The reset link's page: a new password (registration's rules); every session then ends. */
export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const t = await getTranslations('accounts.password');
  const tAll = await getTranslations();
  const link = firstValue((await searchParams).token) ?? '';
  // A spent, expired or unknown link says so before the new password is typed.
  const problem = await resetLinkProblem({ db: await getDb(), now: () => new Date() }, link);
  return (
    <ClientMessages namespaces={['accounts.password', 'accounts.settings', 'accounts.validation', 'nav', 'validation']}>
      <AuthShell title={t('resetTitle')} lead={t('resetLead')}>
        <ResetForm token={link} problem={problem ? tAll(runtimeKey<typeof tAll>(problem)) : null} />
      </AuthShell>
    </ClientMessages>
  );
}
