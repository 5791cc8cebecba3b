import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Card, CardContent } from '@/components/ui/card';
import { ConfirmServiceEmail } from './confirm-button';
import { AuthHeader } from '@/components/shell/auth-header';
import { ClientMessages } from '@/components/i18n/client-messages';
import { firstValue } from '@/lib/http/search-params';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('accounts.verifyEmail');
  return { title: t('title'), robots: { index: false } };
}

/** The page the service e-mail's verification link opens (public: the token is the proof). */
export default async function VerifyServiceEmailPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const t = await getTranslations('accounts.verifyEmail');
  const token = firstValue((await searchParams).token);
  return (
    <ClientMessages namespaces={['accounts.verifyEmail', 'nav']}>
      <div className="flex min-h-dvh flex-col bg-slate-50 dark:bg-slate-950">
        <AuthHeader />
        <main className="flex flex-1 items-start justify-center px-6 pt-10 mobile:px-4">
          <Card className="w-full max-w-md">
            <CardContent className="flex flex-col items-center gap-5 px-6 py-8 text-center">
              <h1 className="text-xl font-semibold text-slate-900 dark:text-white">{t('title')}</h1>
              {token ? (
                <>
                  <p className="text-sm text-slate-600 dark:text-slate-300">{t('lead')}</p>
                  <ConfirmServiceEmail token={token} />
                </>
              ) : (
                <p role="alert" className="text-sm text-red-600 dark:text-red-400">
                  {t('invalid')}
                </p>
              )}
            </CardContent>
          </Card>
        </main>
      </div>
    </ClientMessages>
  );
}
