'use client';

import { Mail } from 'lucide-react';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { StepIndicator } from '@/components/account/step-indicator';
import { DetailsStep } from './details-step';
import { EmailStep } from './email-step';
import { CodeStep } from './code-step';

export type Step = 'email' | 'code' | 'details';

interface Progress {
  step: Step;
  email: string;
  verificationToken?: string;
  /** Epoch seconds. */
  tokenExpiresAt?: number;
  resendAt?: number;
}

// Survives a reload of the tab (not the browser): the verified e-mail is not lost mid-form.
const STORAGE_KEY = 'starloop.registration';

export function RegistrationWizard({ devMailbox }: { devMailbox: boolean }) {
  const t = useTranslations('accounts.portal');
  const locale = useLocale();
  const [progress, setProgress] = useState<Progress>({ step: 'email', email: '' });
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    try {
      const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as Progress | null;
      const tokenAlive = saved?.tokenExpiresAt ? saved.tokenExpiresAt * 1000 > Date.now() : false;
      // eslint-disable-next-line react-hooks/set-state-in-effect -- restoring client-only storage after hydration
      if (saved?.step === 'details' && tokenAlive) setProgress(saved);
      else if (saved?.step === 'code') setProgress(saved);
    } catch {
      /* storage unavailable: start over */
    }
  }, []);

  const update = (next: Progress) => {
    setProgress(next);
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    } catch {
      /* private mode: the wizard still works within this page */
    }
  };

  const restart = (message?: string) => {
    setNotice(message ?? null);
    update({ step: 'email', email: progress.email });
  };

  const stepIndex = progress.step === 'email' ? 0 : progress.step === 'code' ? 1 : 2;
  return (
    <Card>
      <CardContent className="flex flex-col gap-6 px-6 py-6 mobile:px-4">
        <StepIndicator steps={[t('stepEmail'), t('stepCode'), t('stepDetails')]} current={stepIndex} />
        {notice && (
          <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-950/50 dark:text-amber-200">
            {notice}
          </p>
        )}
        {progress.step === 'email' && (
          <EmailStep
            locale={locale}
            initialEmail={progress.email}
            onSent={(email, resendAfter) => {
              setNotice(null);
              update({ step: 'code', email, resendAt: Date.now() + resendAfter * 1000 });
            }}
          />
        )}
        {progress.step === 'code' && (
          <CodeStep
            locale={locale}
            email={progress.email}
            resendAt={progress.resendAt ?? 0}
            onResent={(resendAfter) => update({ ...progress, resendAt: Date.now() + resendAfter * 1000 })}
            onChangeEmail={() => restart()}
            onVerified={(verificationToken, tokenExpiresAt) => update({ step: 'details', email: progress.email, verificationToken, tokenExpiresAt })}
          />
        )}
        {progress.step === 'details' && (
          <DetailsStep
            email={progress.email}
            verificationToken={progress.verificationToken ?? ''}
            onVerifyAgain={(message) => restart(message)}
            onDone={() => sessionStorage.removeItem(STORAGE_KEY)}
          />
        )}
        {devMailbox && progress.step === 'code' && (
          <p className="flex items-center gap-2 rounded-lg bg-slate-50 px-3 py-2 text-[13px] text-slate-600 dark:bg-slate-800/60 dark:text-slate-300">
            <Mail className="size-4 shrink-0" aria-hidden="true" />
            <span>
              {t('devMailboxHint')}{' '}
              <Link href="/dev/mailbox" target="_blank" className="font-medium text-primary underline-offset-4 hover:underline dark:text-primary-light">
                {t('devMailboxLink')}
              </Link>
            </span>
          </p>
        )}
      </CardContent>
    </Card>
  );
}
