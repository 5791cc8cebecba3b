'use client';

import { AlertCircle, ArrowLeft, ShieldCheck } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import { useFieldMessage } from '@/components/ui/use-field-message';
import type { twoFactorLoginSchema } from '@/lib/auth/two-factor/schema';
import { twoFactorLoginAction } from './actions';

// The action's own schema (the challenge rides along as a value); loaded on the first validation.
const resolver = lazyZodResolver(() => import('@/lib/auth/two-factor/schema').then((m) => m.twoFactorLoginSchema));
type Values = z.input<typeof twoFactorLoginSchema>;

export interface TwoFactorStepProps {
  challenge: string;
  callbackUrl?: string;
  /** Back to e-mail and password (the challenge expired, or the user chose to). */
  onRestart: (message?: string) => void;
}

/** The sign-in's second screen: a code from the authenticator app, or one recovery code. */
export function TwoFactorStep({ challenge, callbackUrl, onRestart }: TwoFactorStepProps) {
  const t = useTranslations('twoFactor.login');
  const [pending, start] = useTransition();
  const [message, setMessage] = useState<string | null>(null);
  // Checked on submit, then on each change (as before): the field has the focus from the start, and a
  // check on blur would put an error under it, shifting the buttons, as soon as one of them is pressed.
  const { register, handleSubmit, formState, setError } = useForm<Values, unknown, z.output<typeof twoFactorLoginSchema>>({ resolver, defaultValues: { challenge, code: '' } });
  const fieldMessage = useFieldMessage(formState.errors);

  const onSubmit = handleSubmit((values) => {
    setMessage(null);
    start(async () => {
      const result = await twoFactorLoginAction({ ...values, callbackUrl });
      // Success redirects; only refusals come back.
      if (!result || result.ok) return;
      if (result.details?.restart) {
        onRestart(result.message);
        return;
      }
      if (result.fieldErrors?.code) setError('code', { type: 'server', message: result.fieldErrors.code });
      else setMessage(result.message);
    });
  }, () => setMessage(null));

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" data-testid="two-factor-step" aria-labelledby="two-factor-title">
      <div className="flex items-start gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 dark:border-slate-700 dark:bg-slate-900">
        <ShieldCheck className="mt-0.5 size-5 shrink-0 text-primary dark:text-primary-light" aria-hidden="true" />
        <div className="flex flex-col gap-1">
          <h2 id="two-factor-title" className="text-base font-semibold text-slate-900 dark:text-white">
            {t('title')}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('lead')}</p>
        </div>
      </div>
      {message && (
        <p role="alert" className="flex items-start gap-2.5 rounded-lg border border-red-200 bg-red-50 px-3.5 py-3 text-sm text-red-700 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300">
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {message}
        </p>
      )}
      <FormField label={t('code')} required hint={t('codeHint')} error={fieldMessage('code')}>
        <Input
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={64}
          autoFocus
          {...register('code')}
          className="h-11 font-mono text-lg tracking-widest"
          data-testid="two-factor-code"
        />
      </FormField>
      <Button type="submit" size="lg" loading={pending} className="w-full">
        {pending ? t('verifying') : t('verify')}
      </Button>
      <Button type="button" variant="ghost" onClick={() => onRestart()} className="self-center">
        <ArrowLeft aria-hidden="true" />
        {t('back')}
      </Button>
    </form>
  );
}
