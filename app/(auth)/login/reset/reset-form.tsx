'use client';

import { AlertCircle, ArrowLeft, CheckCircle2, Lock } from 'lucide-react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import type { resetPasswordSchema } from '@/lib/auth/password-schema';
import { resetPasswordAction } from '../password-actions';
import { runtimeKey } from '@/lib/i18n/runtime-key';

const resolver = lazyZodResolver(() => import('@/lib/auth/password-schema').then((m) => m.resetPasswordSchema));
const link = 'inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline underline-offset-4 dark:text-primary-light';
const alert = 'flex items-start gap-2.5 rounded-lg border px-3.5 py-3 text-sm';

export function ResetForm({ token, problem }: { token: string; /** Why the link cannot be used, known when the page was made. */ problem: string | null }) {
  const t = useTranslations('accounts.password');
  const tv = useTranslations();
  const [pending, start] = useTransition();
  const [done, setDone] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(problem);
  const [linkDead, setLinkDead] = useState(problem !== null);
  const form = useForm<z.input<typeof resetPasswordSchema>, unknown, z.output<typeof resetPasswordSchema>>({ resolver, defaultValues: { token, password: '', confirmPassword: '' }, mode: 'onTouched' });
  const { errors } = form.formState;
  const errorText = (text?: string) => (text ? (/^(validation|accounts)\./.test(text) ? tv(runtimeKey<typeof tv>(text)) : text) : undefined);

  const onSubmit = form.handleSubmit((values) => {
    setMessage(null);
    start(async () => {
      const result = await resetPasswordAction(values);
      if (result.ok) return setDone(result.message ?? t('resetDone'));
      const tokenError = result.fieldErrors?.token;
      setLinkDead(!!tokenError);
      setMessage(tokenError ?? result.message);
      for (const field of ['password', 'confirmPassword'] as const) {
        const text = result.fieldErrors?.[field];
        if (text) form.setError(field, { message: text });
      }
    });
  });

  if (done) {
    return (
      <div className="flex flex-col gap-5">
        <p role="status" data-testid="reset-done" className={`${alert} border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-500/30 dark:bg-emerald-500/10 dark:text-emerald-200`}>
          <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {done}
        </p>
        <Button asChild size="lg" className="w-full">
          <Link href="/login">{t('backToLogin')}</Link>
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {message && (
        <p role="alert" className={`${alert} border-red-200 bg-red-50 text-red-700 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300`}>
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            {message}{' '}
            {linkDead && (
              <Link href="/login/forgot" className="font-medium underline underline-offset-4">
                {t('requestNewLink')}
              </Link>
            )}
          </span>
        </p>
      )}
      <input type="hidden" {...form.register('token')} />
      <FormField label={t('newPassword')} required hint={t('newPasswordHint')} error={errorText(errors.password?.message)}>
        <Input type="password" autoComplete="new-password" leading={<Lock />} className="h-11" disabled={linkDead} {...form.register('password')} />
      </FormField>
      <FormField label={t('confirmPassword')} required error={errorText(errors.confirmPassword?.message)}>
        <Input type="password" autoComplete="new-password" leading={<Lock />} className="h-11" disabled={linkDead} {...form.register('confirmPassword')} />
      </FormField>
      <Button type="submit" size="lg" loading={pending} disabled={linkDead} className="w-full">
        {pending ? t('resetSubmitting') : t('resetSubmit')}
      </Button>
      <Link href="/login" className={link}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('backToLogin')}
      </Link>
    </form>
  );
}
