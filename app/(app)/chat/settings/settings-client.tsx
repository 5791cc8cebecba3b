'use client';

import { ChevronRight, FileText, LogOut, Mail, Monitor, Moon, ShieldCheck, Sun } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn, focusRing } from '@/components/ui/cn';
import { LANGUAGE_NAMES } from '@/components/shell/language-names';
import { signOutAction } from '@/components/shell/sign-out-action';
import { setLocaleAction } from '@/lib/i18n/locale-actions';
import { locales, type Locale } from '@/lib/i18n/locales';
import { THEMES, type Theme } from '@/lib/theme/theme';
import { useTheme } from '@/lib/theme/use-theme';
import type { UserRole } from '@/lib/auth/user-role';
import { DeleteAccountDialog } from './delete-account-dialog';
import { PasswordCard } from '@/components/account/password-card';
import { SessionsCard } from '@/components/account/sessions-card';
import { TwoFactorCard } from '@/components/account/two-factor-card';
import type { TwoFactorStatus } from '@/lib/auth/two-factor/enrol';
import { TeamCard } from '@/components/team/team-card';
import { AppearanceCard } from '@/components/settings/appearance-card';
import type { Appearance } from '@/lib/theme/appearance';

export const SUPPORT_EMAIL = 'support@starloop.app';
const THEME_ICONS: Record<Theme, typeof Sun> = { light: Sun, dark: Moon, system: Monitor };

export function SettingsClient({ theme: serverTheme, appearance, email, role, twoFactor, accountCards }: { theme: Theme; appearance: Appearance; email: string; role: UserRole; twoFactor: TwoFactorStatus; accountCards?: React.ReactNode }) {
  const t = useTranslations('accounts.settings');
  const tt = useTranslations('theme');
  const locale = useLocale() as Locale;
  const router = useRouter();
  const { theme, setTheme } = useTheme(serverTheme);
  const [switching, startSwitch] = useTransition();
  const [signingOut, startSignOut] = useTransition();

  const changeLocale = (next: Locale) => {
    if (next === locale) return;
    startSwitch(async () => {
      await setLocaleAction(next);
      router.refresh();
    });
  };

  return (
    <div className="grid max-w-3xl gap-5">
      <Card>
        <CardHeader>
          <CardTitle>{t('appearance')}</CardTitle>
          <CardDescription>{t('appearanceLead')}</CardDescription>
        </CardHeader>
        <CardContent>
          <div role="radiogroup" aria-label={t('appearance')} className="grid grid-cols-3 gap-3 mobile:grid-cols-1">
            {THEMES.map((value) => {
              const Icon = THEME_ICONS[value];
              return (
                <ChoiceButton key={value} selected={theme === value} onSelect={() => setTheme(value)} testId={`theme-${value}`}>
                  <Icon className="size-5" aria-hidden="true" />
                  {tt(value)}
                </ChoiceButton>
              );
            })}
          </div>
        </CardContent>
      </Card>

      <AppearanceCard initial={appearance} />

      <Card>
        <CardHeader>
          <CardTitle>{t('language')}</CardTitle>
          <CardDescription>{t('languageLead')}</CardDescription>
        </CardHeader>
        <CardContent>
          <div role="radiogroup" aria-label={t('language')} aria-busy={switching || undefined} className="grid grid-cols-3 gap-3 mobile:grid-cols-1">
            {locales.map((value) => (
              <ChoiceButton key={value} selected={locale === value} onSelect={() => changeLocale(value)} testId={`language-${value}`} lang={value}>
                {LANGUAGE_NAMES[value]}
              </ChoiceButton>
            ))}
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('about')}</CardTitle>
        </CardHeader>
        <nav aria-label={t('about')} className="flex flex-col divide-y divide-slate-100 dark:divide-slate-800">
          <RowLink href="/privacy" icon={ShieldCheck} label={t('privacy')} />
          <RowLink href="/terms" icon={FileText} label={t('terms')} />
          <RowLink href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(t('contactSubject'))}`} icon={Mail} label={t('contact')} detail={SUPPORT_EMAIL} external />
        </nav>
      </Card>

      {accountCards}
      <TeamCard role={role} />
      <PasswordCard />
      <TwoFactorCard initial={twoFactor} />
      <SessionsCard />
      <Card>
        <CardHeader>
          <CardTitle>{t('account')}</CardTitle>
          <CardDescription>{t('signedInAs', { email })}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap items-center justify-between gap-3">
          <Button variant="secondary" loading={signingOut} onClick={() => startSignOut(() => signOutAction())}>
            <LogOut aria-hidden="true" />
            {t('logout')}
          </Button>
          <DeleteAccountDialog role={role} />
        </CardContent>
      </Card>
    </div>
  );
}

function ChoiceButton({ selected, onSelect, testId, lang, children }: { selected: boolean; onSelect: () => void; testId: string; lang?: string; children: React.ReactNode }) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={selected}
      data-testid={testId}
      lang={lang}
      onClick={onSelect}
      className={cn(
        'flex h-12 items-center justify-center gap-2 rounded-lg border text-sm font-medium transition-colors',
        selected
          ? 'border-primary bg-primary-soft text-primary dark:bg-primary/15 dark:text-primary-light'
          : 'border-slate-200 text-slate-700 hover:border-primary/50 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800',
        focusRing,
      )}
    >
      {children}
    </button>
  );
}

function RowLink({ href, icon: Icon, label, detail, external }: { href: string; icon: typeof Sun; label: string; detail?: string; external?: boolean }) {
  const className = cn('flex items-center gap-3 px-5 py-3.5 text-sm text-slate-700 hover:bg-slate-50 dark:text-slate-200 dark:hover:bg-slate-800/60', focusRing);
  const inner = (
    <>
      <Icon className="size-4 text-slate-400" aria-hidden="true" />
      <span className="flex-1">{label}</span>
      {detail && <span className="text-slate-400 mobile:hidden">{detail}</span>}
      <ChevronRight className="size-4 text-slate-400" aria-hidden="true" />
    </>
  );
  return external ? (
    <a href={href} className={className}>
      {inner}
    </a>
  ) : (
    <Link href={href} className={className}>
      {inner}
    </Link>
  );
}
