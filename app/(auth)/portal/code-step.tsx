'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import { useFieldMessage } from '@/components/ui/use-field-message';
import { CodeInput } from '@/components/account/code-input';
import { fieldErrorsOf, postPublic } from '@/components/account/public-api';
import { useCountdown } from '@/components/account/use-countdown';
import type { validateEmailCodeSchema } from '@/lib/auth/schema';
import { notify } from '@/lib/notify/notify';

// The route's own schema (POST /api/user/validateEmailCode; the e-mail rides along as a value), loaded on the first validation.
const resolver = lazyZodResolver(() => import('@/lib/auth/schema').then((m) => m.validateEmailCodeSchema));
type Values = z.input<typeof validateEmailCodeSchema>;

interface CodeStepProps {
  locale: string;
  email: string;
  resendAt: number;
  onResent: (resendAfter: number) => void;
  onChangeEmail: () => void;
  onVerified: (verificationToken: string, expiresAt: number) => void;
}

export function CodeStep({ locale, email, resendAt, onResent, onChangeEmail, onVerified }: CodeStepProps) {
  const t = useTranslations('accounts.portal');
  const [resending, setResending] = useState(false);
  const wait = useCountdown(resendAt);
  // Checked on submit, then on each change (as before): the field has the focus from the start, and a
  // check on blur would put an error under it, shifting the buttons, as soon as one of them is pressed.
  const { control, handleSubmit, formState, setError, reset } = useForm<Values, unknown, z.output<typeof validateEmailCodeSchema>>({ resolver, defaultValues: { email, code: '' } });
  const message = useFieldMessage(formState.errors);

  const verify = handleSubmit(async (values) => {
    const answer = await postPublic<{ verificationToken: string; expiresAt: number }>('/user/validateEmailCode', values, locale);
    if (answer.status === 200 && answer.data) return onVerified(answer.data.verificationToken, answer.data.expiresAt);
    setError('code', { type: 'server', message: fieldErrorsOf(answer.data).code ?? (answer.msg || t('networkError')) });
  });

  const resend = async () => {
    setResending(true);
    const answer = await postPublic<{ resendAfter: number; retryAfter: number }>('/user/sendEmailCode', { email }, locale);
    setResending(false);
    if (answer.status === 200 && answer.data) {
      reset({ email, code: '' });
      notify.success(answer.msg);
      return onResent(answer.data.resendAfter);
    }
    if (answer.status === 429 && answer.data?.retryAfter) onResent(answer.data.retryAfter);
    notify.warning(answer.msg || t('networkError'));
  };

  return (
    <form noValidate onSubmit={verify} className="flex flex-col gap-5">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {t.rich('codeSentTo', { email, strong: (chunks) => <strong className="font-medium text-slate-900 dark:text-white">{chunks}</strong> })}
      </p>
      <FormField label={t('code')} required error={message('code')} hint={t('codeHint')}>
        <Controller control={control} name="code" render={({ field }) => <CodeInput autoFocus {...field} />} />
      </FormField>
      <Button type="submit" size="lg" loading={formState.isSubmitting}>
        {t('verify')}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Button variant="link" onClick={onChangeEmail}>
          {t('changeEmail')}
        </Button>
        <Button variant="link" onClick={resend} disabled={wait > 0 || resending}>
          {wait > 0 ? t('resendIn', { seconds: wait }) : t('resend')}
        </Button>
      </div>
    </form>
  );
}
