import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { Card, CardContent } from '@/components/ui/card';
import { Logo } from '@/components/shell/logo';
import { LanguageSwitch } from '@/components/shell/language-switch';
import { ConfirmServiceEmail } from './confirm-button';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('accounts.verifyEmail');
  return { title: t('title'), robots: { index: false } };
}

/** The page the service e-mail's verification link opens (public: the token is the proof). */
export default async function VerifyServiceEmailPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const t = await getTranslations('accounts.verifyEmail');
  const { token } = await searchParams;
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 dark:bg-slate-950">
      <header className="flex items-center justify-between px-8 py-5 mobile:px-5">
        <Link href="/login" className="rounded-lg" aria-label="StarLoop">
          <Logo />
        </Link>
        <LanguageSwitch />
      </header>
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
  );
}
