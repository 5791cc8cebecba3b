import { getTranslations } from 'next-intl/server';
import { cn, focusRing } from '@/components/ui/cn';
import { LanguageSwitch } from './language-switch';
import { Logo } from './logo';
import { PlainLink } from './plain-link';

/** The chrome of signed-out pages (privacy, terms, not-found, no-permission): logo, language, footer. */
export async function PublicFrame({ children, wide = false }: { children: React.ReactNode; wide?: boolean }) {
  const t = await getTranslations('shell');
  const tl = await getTranslations('login');
  const link = cn('rounded hover:text-slate-700 dark:hover:text-slate-200', focusRing);
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 dark:bg-slate-950">
      <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/85 backdrop-blur-md dark:border-slate-800 dark:bg-slate-900/85">
        <div className={cn('mx-auto flex h-16 items-center justify-between px-6 mobile:h-14 mobile:px-4', wide ? 'max-w-6xl' : 'max-w-4xl')}>
          <PlainLink href="/" aria-label={t('home')} className={cn('rounded-lg', focusRing)}>
            <Logo />
          </PlainLink>
          <LanguageSwitch />
        </div>
      </header>
      <div className="flex flex-1 flex-col">{children}</div>
      <footer className="border-t border-slate-200 dark:border-slate-800">
        <div className={cn('mx-auto flex flex-wrap items-center justify-between gap-3 px-6 py-6 text-xs text-slate-500 mobile:flex-col mobile:px-4 dark:text-slate-400', wide ? 'max-w-6xl' : 'max-w-4xl')}>
          <span>{tl('rights', { year: String(new Date().getFullYear()) })}</span>
          <nav className="flex items-center gap-4">
            <PlainLink href="/privacy" className={link}>
              {t('privacy')}
            </PlainLink>
            <PlainLink href="/terms" className={link}>
              {t('terms')}
            </PlainLink>
          </nav>
        </div>
      </footer>
    </div>
  );
}
