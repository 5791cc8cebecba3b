'use client';

import { FileText, LogOut, Mail, Monitor, Moon, ShieldCheck, Sun } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LANGUAGE_NAMES } from '@/components/shell/language-names';
import { signOutAction } from '@/components/shell/sign-out-action';
import { setLocaleAction } from '@/lib/i18n/locale-actions';
import { locales, type Locale } from '@/lib/i18n/locales';
import { THEMES, type Theme } from '@/lib/theme/theme';
import { useTheme } from '@/lib/theme/use-theme';
import type { UserRole } from '@/lib/auth/user-role';
import { DeleteAccountDialog } from './delete-account-dialog';
import { ChoiceButton, RowLink } from './settings-controls';
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
