'use client';

import { AlertCircle, Clock, Eye, EyeOff, Lock, Mail, Sparkles } from 'lucide-react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import type { loginSchema } from '@/lib/auth/schema';
import { loginAction } from './actions';
import { TwoFactorStep } from './two-factor-step';
import { runtimeKey } from '@/lib/i18n/runtime-key';

// The shared schema (and zod) loads on the first validation, not with the login page.
const resolver = lazyZodResolver(() => import('@/lib/auth/schema').then((m) => m.loginSchema));

export interface LoginFormProps {
  callbackUrl?: string;
  expired: boolean;
  demo: { email: string; password: string } | null;
}

/**
 * Validates on the client with the same zod schema the server action uses (spec section 5: email
 * required and well formed, password required); the action stays the authority.
 */
export function LoginForm({ callbackUrl, expired, demo }: LoginFormProps) {
  const t = useTranslations('login');
  const tv = useTranslations();
  const tp = useTranslations('accounts.password');
  const [pending, start] = useTransition();
  const [message, setMessage] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  // Set when the password was right and the account asks for a code (the second screen).
  const [challenge, setChallenge] = useState<string | null>(null);
  const form = useForm<z.input<typeof loginSchema>, unknown, z.output<typeof loginSchema>>({
    resolver,
    defaultValues: { email: '', password: '' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  // Schema messages are message keys; server field errors arrive translated.
  const errorText = (text?: string) => (text ? (text.startsWith('validation.') ? tv(runtimeKey<typeof tv>(text)) : text) : undefined);

  const onSubmit = form.handleSubmit((values) => {
    setMessage(null);
    start(async () => {
      const result = await loginAction({ email: values.email, password: values.password, callbackUrl });
      if (result && !result.ok && result.code === 'TWO_FACTOR_REQUIRED' && typeof result.details?.challenge === 'string') {
        setChallenge(result.details.challenge);
        return;
      }
      if (result && !result.ok) {
        setMessage(result.message);
        for (const [field, text] of Object.entries(result.fieldErrors ?? {})) {
          if (field === 'email' || field === 'password') form.setError(field, { message: text });
        }
      }
    });
  });

  if (challenge) {
    return (
      <TwoFactorStep
        challenge={challenge}
        callbackUrl={callbackUrl}
        onRestart={(text) => {
          setChallenge(null);
          form.setValue('password', '');
          setMessage(text ?? null);
        }}
      />
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-describedby={message ? 'login-message' : undefined}>
      {expired && !message && (
        <p role="status" className="flex items-start gap-2.5 rounded-lg border border-amber-200 bg-amber-50 px-3.5 py-3 text-sm text-amber-800 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200">
          <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t('expired')}
        </p>
      )}
      {message && (
        <p id="login-message" role="alert" className="flex items-start gap-2.5 rounded-lg border border-red-200 bg-red-50 px-3.5 py-3 text-sm text-red-700 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300">
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {message}
        </p>
      )}
      <FormField label={t('email')} required error={errorText(errors.email?.message)}>
        <Input type="email" autoComplete="email" inputMode="email" placeholder={t('emailPlaceholder')} leading={<Mail />} className="h-11" {...form.register('email')} />
      </FormField>
      <FormField label={t('password')} required error={errorText(errors.password?.message)}>
        <Input
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          placeholder={t('passwordPlaceholder')}
          leading={<Lock />}
          className="h-11"
          {...form.register('password')}
          trailing={
            <button
              type="button"
              onClick={() => setShowPassword((v) => !v)}
              aria-label={showPassword ? t('hidePassword') : t('showPassword')}
              aria-pressed={showPassword}
              className="flex size-8 items-center justify-center rounded-md text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:ring-2 focus-visible:ring-primary/60 focus-visible:outline-none dark:hover:bg-slate-800 dark:hover:text-slate-200"
            >
              {showPassword ? <EyeOff /> : <Eye />}
            </button>
          }
        />
      </FormField>
      <Link href="/login/forgot" className="-mt-2 self-end text-sm font-medium text-primary underline-offset-4 hover:underline dark:text-primary-light" data-testid="forgot-link">
        {tp('forgotLink')}
      </Link>
      <Button type="submit" size="lg" loading={pending} className="mt-1 w-full">
        {pending ? t('submitting') : t('submit')}
      </Button>
      {demo && (
        <div className="flex items-center gap-3 rounded-xl border border-dashed border-primary/40 bg-primary-soft/60 px-4 py-3 dark:border-primary/30 dark:bg-primary/10" data-testid="demo-hint">
          <Sparkles className="size-4 shrink-0 text-primary" aria-hidden="true" />
          <div className="flex min-w-0 flex-1 flex-col">
            <span className="text-sm font-medium text-slate-800 dark:text-slate-100">{t('demoTitle')}</span>
            <span className="text-xs wrap-anywhere text-slate-500 dark:text-slate-400">{t('demoHint', { email: demo.email, password: demo.password })}</span>
          </div>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              form.setValue('email', demo.email, { shouldValidate: true });
              form.setValue('password', demo.password, { shouldValidate: true });
            }}
          >
            {t('demoFill')}
          </Button>
        </div>
      )}
    </form>
  );
}
