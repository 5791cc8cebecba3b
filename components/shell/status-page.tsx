import { ArrowLeft, Home } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { buttonClasses } from '@/components/ui/button-classes';
import { BackButton } from './back-button';
import { PlainLink } from './plain-link';

/** Not-found and no-permission: a big code, a plain explanation, the way home and the way back. */
export async function StatusPage({ code, title, description, icon: Icon }: { code: string; title: string; description: string; icon: React.ComponentType<{ className?: string }> }) {
  const tc = await getTranslations('common');
  const t = await getTranslations('shell');
  return (
    <main className="flex flex-1 items-center justify-center px-6 py-16 mobile:px-5">
      <div className="flex max-w-lg flex-col items-center text-center">
        <div className="relative mb-8">
          <span aria-hidden="true" className="bg-gradient-to-b from-primary-200 to-primary-50 bg-clip-text text-[120px] leading-none font-bold tracking-tighter text-transparent mobile:text-[96px] dark:from-primary/40 dark:to-primary/5">
            {code}
          </span>
          <span className="absolute inset-x-0 -bottom-3 mx-auto flex size-14 items-center justify-center rounded-2xl bg-white text-primary shadow-lg ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
            <Icon className="size-7" aria-hidden="true" />
          </span>
        </div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 mobile:text-xl dark:text-white">{title}</h1>
        <p className="mt-3 text-[15px] leading-relaxed text-slate-500 dark:text-slate-400">{description}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {/* The button look on plain elements: this page is in every route's first load, and
              Button would bring its code (and Slot's) to the browser with the client parts here. */}
          <PlainLink href="/" data-testid="back-home" className={buttonClasses('primary', 'lg')}>
            <Home aria-hidden="true" />
            {tc('backHome')}
          </PlainLink>
          <BackButton className={buttonClasses('secondary', 'lg')}>
            <ArrowLeft className="rtl:rotate-180" aria-hidden="true" />
            {t('goBack')}
          </BackButton>
        </div>
      </div>
    </main>
  );
}
