'use client';

import { Check, Copy } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import { useFieldMessage } from '@/components/ui/use-field-message';
import { enableTwoFactorAction } from '@/lib/auth/two-factor/actions';
import type { TwoFactorSetup as Setup } from '@/lib/auth/two-factor/enrol';
import type { enableTwoFactorSchema } from '@/lib/auth/two-factor/schema';
import { CodeInput } from './code-input';

// The action's own schema; it (and zod) loads on the first validation, not with the settings page.
const resolver = lazyZodResolver(() => import('@/lib/auth/two-factor/schema').then((m) => m.enableTwoFactorSchema));
type Values = z.input<typeof enableTwoFactorSchema>;

/** The secret in groups of four, as authenticator apps show it when typed. */
export function groupSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/** Turn on: the secret to type into the app (or its otpauth:// link), then the app's current code. */
export function TwoFactorSetup({ setup, onEnabled, onCancel }: { setup: Setup; onEnabled: (codes: string[]) => void; onCancel: () => void }) {
  const t = useTranslations('twoFactor');
  const [copied, setCopied] = useState<'secret' | 'uri' | null>(null);
  const [pending, start] = useTransition();
  const { control, handleSubmit, formState, setError } = useForm<Values, unknown, z.output<typeof enableTwoFactorSchema>>({ resolver, defaultValues: { code: '' } });
  const message = useFieldMessage(formState.errors);

  const copy = async (what: 'secret' | 'uri') => {
    await navigator.clipboard?.writeText(what === 'secret' ? setup.secret : setup.uri).catch(() => undefined);
    setCopied(what);
  };
  const onSubmit = handleSubmit((values) =>
    start(async () => {
      const result = await enableTwoFactorAction(values);
      if (result.ok) onEnabled(result.data.recoveryCodes);
      // Every refusal (a wrong code, not started) shows beside the one field.
      else setError('code', { type: 'server', message: result.fieldErrors?.code ?? result.message });
    }),
  );

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
            <FormField label={t('stepCode')} required error={message('code')}>
              <Controller control={control} name="code" render={({ field }) => <CodeInput {...field} data-testid="two-factor-enable-code" />} />
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
