'use client';

import { KeyRound, ShieldCheck, ShieldOff } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { disableTwoFactorAction, regenerateRecoveryCodesAction } from '@/lib/auth/two-factor/actions';
import type { TwoFactorSetup as Setup, TwoFactorStatus } from '@/lib/auth/two-factor/enrol';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { TwoFactorConfirmForm } from './two-factor-confirm-form';
import { TwoFactorSetup } from './two-factor-setup';
import { TwoFactorPasswordForm } from './two-factor-password-form';

type View = { kind: 'idle' } | { kind: 'password' } | { kind: 'setup'; setup: Setup } | { kind: 'codes'; codes: string[] } | { kind: 'disable' } | { kind: 'regenerate' };

/** Settings → two-step verification: turn on (secret, then a code, then recovery codes), turn off, new recovery codes. */
export function TwoFactorCard({ initial }: { initial: TwoFactorStatus }) {
  const t = useTranslations('twoFactor');
  const format = useFormatter();
  const [status, setStatus] = useState(initial);
  const [view, setView] = useState<View>({ kind: 'idle' });
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  // The password first (./two-factor-password-form.tsx), then the secret.
  const turnOn = () => {
    setMessage(null);
    setView({ kind: 'password' });
  };

  return (
    <Card data-testid="two-factor-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          {t('title')}
          <span className={status.enabled ? 'rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-200' : 'rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200'} data-testid="two-factor-state">
            {status.enabled ? t('on') : t('off')}
          </span>
        </CardTitle>
        <CardDescription>{t('lead')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {message && (
          <p role={message.ok ? 'status' : 'alert'} className={message.ok ? 'text-sm text-emerald-700 dark:text-emerald-300' : 'text-sm text-red-700 dark:text-red-300'}>
            {message.text}
          </p>
        )}
        {view.kind === 'password' && <TwoFactorPasswordForm onCancel={() => setView({ kind: 'idle' })} onStarted={(setup) => setView({ kind: 'setup', setup })} />}
        {view.kind === 'setup' && (
          <TwoFactorSetup
            setup={view.setup}
            onCancel={() => setView({ kind: 'idle' })}
            onEnabled={(codes) => {
              setStatus({ enabled: true, enabledAt: new Date().toISOString(), recoveryCodesLeft: codes.length });
              setView({ kind: 'codes', codes });
            }}
          />
        )}
        {view.kind === 'codes' && <RecoveryCodesPanel codes={view.codes} onDone={() => setView({ kind: 'idle' })} />}
        {view.kind === 'disable' && (
          <TwoFactorConfirmForm
            submitLabel={t('turnOff')}
            danger
            action={disableTwoFactorAction}
            onCancel={() => setView({ kind: 'idle' })}
            onDone={() => {
              setStatus({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
              setView({ kind: 'idle' });
              setMessage({ ok: true, text: t('disabled') });
            }}
          />
        )}
        {view.kind === 'regenerate' && (
          <TwoFactorConfirmForm
            submitLabel={t('regenerate')}
            action={regenerateRecoveryCodesAction}
            onCancel={() => setView({ kind: 'idle' })}
            onDone={(data) => {
              setStatus((s) => ({ ...s, recoveryCodesLeft: data.recoveryCodes.length }));
              setView({ kind: 'codes', codes: data.recoveryCodes });
            }}
          />
        )}
        {view.kind === 'idle' && !status.enabled && (
          <div>
            <Button onClick={turnOn} data-testid="two-factor-turn-on">
              <ShieldCheck aria-hidden="true" />
              {t('turnOn')}
            </Button>
          </div>
        )}
        {view.kind === 'idle' && status.enabled && (
          <div className="flex flex-col gap-3">
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {t('onSince', { date: status.enabledAt ? format.dateTime(new Date(status.enabledAt), { dateStyle: 'medium' }) : '' })} · {t('codesLeft', { count: status.recoveryCodesLeft })}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => { setMessage(null); setView({ kind: 'regenerate' }); }}>
                <KeyRound aria-hidden="true" />
                {t('regenerate')}
              </Button>
              <Button variant="secondary" onClick={() => { setMessage(null); setView({ kind: 'disable' }); }} data-testid="two-factor-turn-off">
                <ShieldOff aria-hidden="true" />
                {t('turnOff')}
              </Button>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
