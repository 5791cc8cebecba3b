'use client';

import { Check, Copy } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { enableTwoFactorAction } from '@/lib/auth/two-factor/actions';
import type { TwoFactorSetup as Setup } from '@/lib/auth/two-factor/enrol';
import { CodeInput } from './code-input';

/** The secret in groups of four, as authenticator apps show it when typed. */
export function groupSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/** Turn on: the secret to type into the app (or its otpauth:// link), then the app's current code. */
export function TwoFactorSetup({ setup, onEnabled, onCancel }: { setup: Setup; onEnabled: (codes: string[]) => void; onCancel: () => void }) {
  const t = useTranslations('twoFactor');
  const tv = useTranslations();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState<'secret' | 'uri' | null>(null);
  const [pending, start] = useTransition();

  const copy = async (what: 'secret' | 'uri') => {
    await navigator.clipboard?.writeText(what === 'secret' ? setup.secret : setup.uri).catch(() => undefined);
    setCopied(what);
  };
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setError(tv('accounts.validation.codeDigits'));
      return;
    }
    setError(null);
    start(async () => {
      const result = await enableTwoFactorAction({ code });
      if (result.ok) onEnabled(result.data.recoveryCodes);
      else setError(result.fieldErrors?.code ?? result.message);
    });
  };

  return (
    <div className="flex flex-col gap-5" data-testid="two-factor-setup">
      <ol className="flex list-decimal flex-col gap-4 ps-5 text-sm text-slate-700 dark:text-slate-200">
        <li>
          <p>{t('stepApp')}</p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <code className="rounded-md bg-slate-100 px-3 py-2 font-mono text-base tracking-wider break-all text-slate-900 dark:bg-slate-800 dark:text-slate-50" data-testid="two-factor-secret" aria-label={t('secretLabel')}>
              {groupSecret(setup.secret)}
            </code>
            <Button variant="secondary" size="sm" onClick={() => void copy('secret')}>
              {copied === 'secret' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
              {copied === 'secret' ? t('copied') : t('copySecret')}
            </Button>
          </div>
          <details className="mt-2">
            <summary className="cursor-pointer text-sm font-medium text-primary dark:text-primary-light">{t('showLink')}</summary>
            <div className="mt-2 flex flex-col items-start gap-2">
              <code className="w-full rounded-md bg-slate-100 px-3 py-2 font-mono text-xs break-all text-slate-800 dark:bg-slate-800 dark:text-slate-100" data-testid="two-factor-uri">
                {setup.uri}
              </code>
              <Button variant="secondary" size="sm" onClick={() => void copy('uri')}>
                {copied === 'uri' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
                {copied === 'uri' ? t('copied') : t('copyLink')}
              </Button>
            </div>
          </details>
        </li>
        <li>
          <form noValidate onSubmit={onSubmit} className="flex max-w-xs flex-col gap-3">
            <FormField label={t('stepCode')} required error={error}>
              <CodeInput value={code} onChange={setCode} data-testid="two-factor-enable-code" />
            </FormField>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" loading={pending}>
                {t('confirm')}
              </Button>
              <Button type="button" variant="ghost" onClick={onCancel}>
                {t('cancel')}
              </Button>
            </div>
          </form>
        </li>
      </ol>
    </div>
  );
}
