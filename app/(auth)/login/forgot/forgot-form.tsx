'use client';

import { AlertCircle, ArrowLeft, Mail, MailCheck } from 'lucide-react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import type { forgotPasswordSchema } from '@/lib/auth/password-schema';
import { forgotPasswordAction } from '../password-actions';
import { runtimeKey } from '@/lib/i18n/runtime-key';

const resolver = lazyZodResolver(() => import('@/lib/auth/password-schema').then((m) => m.forgotPasswordSchema));
const link = 'inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline underline-offset-4 dark:text-primary-light';

export function ForgotForm() {
  const t = useTranslations('accounts.password');
  const tl = useTranslations('login');
  const tv = useTranslations();
  const [pending, start] = useTransition();
  const [sent, setSent] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<z.input<typeof forgotPasswordSchema>, unknown, z.output<typeof forgotPasswordSchema>>({ resolver, defaultValues: { email: '' }, mode: 'onTouched' });
  const emailError = form.formState.errors.email?.message;

  const onSubmit = form.handleSubmit((values) => {
    setMessage(null);
    start(async () => {
      const result = await forgotPasswordAction(values);
      if (result.ok) return setSent(result.message ?? t('forgotSent'));
      setMessage(result.message);
      if (result.fieldErrors?.email) form.setError('email', { message: result.fieldErrors.email });
    });
  });

  if (sent) {
    return (
      <div className="flex flex-col gap-5">
        <p role="status" className="flex items-start gap-2.5 rounded-lg border border-emerald-200 bg-emerald-50 px-3.5 py-3 text-sm text-emerald-800 dark:border-emerald-500/30 dark:bg-emerald-500/10 dark:text-emerald-200" data-testid="forgot-sent">
          <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {sent}
        </p>
        <Link href="/login" className={link}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t('backToLogin')}
        </Link>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {message && (
        <p role="alert" className="flex items-start gap-2.5 rounded-lg border border-red-200 bg-red-50 px-3.5 py-3 text-sm text-red-700 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300">
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {message}
        </p>
      )}
      <FormField label={tl('email')} required error={emailError ? (emailError.startsWith('validation.') ? tv(runtimeKey<typeof tv>(emailError)) : emailError) : undefined}>
        <Input type="email" autoComplete="email" inputMode="email" placeholder={tl('emailPlaceholder')} leading={<Mail />} className="h-11" {...form.register('email')} />
      </FormField>
      <Button type="submit" size="lg" loading={pending} className="w-full">
        {pending ? t('forgotSubmitting') : t('forgotSubmit')}
      </Button>
      <Link href="/login" className={link}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('backToLogin')}
      </Link>
    </form>
  );
}
