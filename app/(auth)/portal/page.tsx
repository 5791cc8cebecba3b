import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { devMailboxEnabled } from '@/lib/messaging/dev-mailbox';
import { RegistrationWizard } from './registration-wizard';
import { AuthHeader } from '@/components/shell/auth-header';
import { ClientMessages } from '@/components/i18n/client-messages';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('accounts.portal');
  return { title: t('metaTitle') };
}

/** Registration (spec section 4): e-mail, a 6-digit code, then the user and merchant details. */
export default async function PortalPage() {
  const t = await getTranslations('accounts.portal');
  return (
    <ClientMessages namespaces={['accounts.portal', 'accounts.settings', 'accounts.validation', 'nav', 'validation']}>
      <div className="flex min-h-dvh flex-col bg-slate-50 dark:bg-slate-950">
        <AuthHeader />
        <main className="flex flex-1 justify-center px-6 pt-6 pb-16 mobile:px-4 mobile:pt-2">
          <div className="flex w-full max-w-[520px] flex-col gap-6">
            <div className="flex flex-col gap-2">
              <h1 className="text-[28px] font-semibold tracking-tight text-slate-900 mobile:text-2xl dark:text-white">{t('title')}</h1>
              <p className="text-sm text-slate-500 dark:text-slate-400">{t('lead')}</p>
            </div>
            <RegistrationWizard devMailbox={devMailboxEnabled()} />
            <p className="text-center text-sm text-slate-600 dark:text-slate-300">
              {t('haveAccount')}{' '}
              <Link href="/login" className="font-medium text-primary underline-offset-4 hover:underline dark:text-primary-light">
                {t('signIn')}
              </Link>
            </p>
          </div>
        </main>
      </div>
    </ClientMessages>
  );
}
