import { CheckCircle2, Star } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { LanguageSwitch } from '@/components/shell/language-switch';
import { Logo, LogoMark } from '@/components/shell/logo';
import { demoAccountHint } from './demo-account';
import { LoginForm } from './login-form';
import { ClientMessages } from '@/components/i18n/client-messages';
import { SessionAnnouncer } from '@/components/session/session-announcer';
import { SignedInNotice } from '@/components/session/signed-in-notice';
import { currentSession } from '@/lib/auth/session';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('login');
  return { title: t('metaTitle') };
}

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string; expired?: string }> }) {
  const t = await getTranslations('login');
  const ts = await getTranslations('shell');
  const { callbackUrl, expired } = await searchParams;
  const demo = await demoAccountHint();
  // Already signed in: say who, and that a sign-in here ends that session in every tab.
  const current = await currentSession();
  const link = 'font-medium text-primary hover:underline underline-offset-4 dark:text-primary-light';
  return (
    <ClientMessages namespaces={['accounts.password', 'accounts.settings', 'accounts.validation', 'login', 'nav', 'twoFactor', 'validation']}>
      <div className="flex min-h-dvh bg-white dark:bg-slate-950">
        <BrandPanel />
        <main className="flex min-w-0 flex-1 flex-col">
          <div className="flex items-center justify-between px-8 py-5 mobile:px-5">
            <Link href="/login" className="hidden rounded-lg mobile:block" aria-label="StarLoop">
              <Logo />
            </Link>
            <span className="mobile:hidden" />
            <LanguageSwitch />
          </div>
          <div className="flex flex-1 items-center justify-center px-8 pb-12 mobile:items-start mobile:px-5 mobile:pt-4">
            <div className="flex w-full max-w-[400px] flex-col gap-8">
              <div className="flex flex-col gap-2">
                <h1 className="text-[28px] font-semibold tracking-tight text-slate-900 mobile:text-2xl dark:text-white">{t('title')}</h1>
                <p className="text-sm text-slate-500 dark:text-slate-400">{t('welcomeLead')}</p>
              </div>
              <SessionAnnouncer userId={current?.user.userId ?? null} />
              {current && <SignedInNotice user={current.user} action="signIn" />}
              <LoginForm callbackUrl={callbackUrl} expired={expired === '1'} demo={demo} />
              <p className="text-center text-sm text-slate-600 dark:text-slate-300">
                {t('noAccount')}{' '}
                <Link href="/portal" className={link}>
                  {t('register')}
                </Link>
              </p>
            </div>
          </div>
          <footer className="flex flex-wrap items-center justify-between gap-3 px-8 py-5 text-xs text-slate-400 mobile:flex-col mobile:px-5 dark:text-slate-500">
            <span>
              {t.rich('agree', {
                terms: (chunks) => (
                  <Link href="/terms" className="underline underline-offset-2 hover:text-slate-600 dark:hover:text-slate-300">
                    {chunks}
                  </Link>
                ),
                privacy: (chunks) => (
                  <Link href="/privacy" className="underline underline-offset-2 hover:text-slate-600 dark:hover:text-slate-300">
                    {chunks}
                  </Link>
                ),
              })}
            </span>
            <span>
              {t('rights', { year: String(new Date().getFullYear()) })} · <Link href="/privacy" className="hover:text-slate-600 dark:hover:text-slate-300">{ts('privacy')}</Link> · <Link href="/terms" className="hover:text-slate-600 dark:hover:text-slate-300">{ts('terms')}</Link>
            </span>
          </footer>
        </main>
      </div>
    </ClientMessages>
  );
}

/** The desktop-only left half: what StarLoop does, with an illustrative review card. */
async function BrandPanel() {
  const t = await getTranslations('login');
  return (
    <aside className="relative hidden w-[46%] max-w-[680px] flex-col justify-between overflow-hidden bg-gradient-to-br from-[#1d6fd6] via-primary to-[#66b1ff] p-12 text-white desktop:flex dark:from-[#0d3366] dark:via-[#1a5bb0] dark:to-[#2f80ed]">
      <div aria-hidden="true" className="pointer-events-none absolute -end-24 -top-24 size-96 rounded-full bg-white/10 blur-2xl" />
      <div aria-hidden="true" className="pointer-events-none absolute -bottom-32 -start-20 size-[28rem] rounded-full border-[40px] border-white/10" />
      <div className="relative flex items-center gap-3">
        <LogoMark className="size-10 rounded-xl ring-1 ring-white/30" />
        <span className="text-xl font-semibold tracking-tight">StarLoop</span>
      </div>
      <div className="relative flex max-w-lg flex-col gap-6">
        <h2 className="text-[34px] leading-tight font-semibold tracking-tight text-balance">{t('brandTitle')}</h2>
        <p className="text-[15px] leading-relaxed text-white/85">{t('brandLead')}</p>
        <ul className="flex flex-col gap-3">
          {[t('feature1'), t('feature2'), t('feature3')].map((feature) => (
            <li key={feature} className="flex items-start gap-3 text-[15px] text-white/95">
              <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-white" aria-hidden="true" />
              {feature}
            </li>
          ))}
        </ul>
      </div>
      <figure className="relative flex max-w-md items-stretch gap-4" aria-label={t('illustration')}>
        <div className="flex-1 rounded-2xl bg-white p-5 text-slate-800 shadow-2xl shadow-blue-900/30">
          <div className="flex items-center justify-between">
            <span className="rounded-full bg-primary-soft px-2 py-0.5 text-xs font-medium text-primary-700">{t('sampleLabel')}</span>
            <span className="flex gap-0.5 text-amber-400" role="img" aria-label="5/5">
              {Array.from({ length: 5 }, (_, i) => (
                <Star key={i} className="size-4 fill-current" aria-hidden="true" />
              ))}
            </span>
          </div>
          <p className="mt-3 text-sm leading-relaxed text-slate-600">{t('sampleReview')}</p>
          <p className="mt-3 text-xs font-medium text-slate-500">— {t('sampleReviewer')}</p>
        </div>
        <div className="flex w-32 flex-col justify-center rounded-2xl bg-white/15 p-4 ring-1 ring-white/25 backdrop-blur">
          <span className="text-3xl font-semibold tabular-nums">+38</span>
          <span className="mt-1 text-xs leading-snug text-white/85">{t('sampleStat')}</span>
        </div>
      </figure>
    </aside>
  );
}
