'use client';

import { CheckCircle2, KeyRound } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import { changePasswordAction } from '@/lib/auth/actions';
import type { changePasswordSchema } from '@/lib/auth/password-schema';
import { runtimeKey } from '@/lib/i18n/runtime-key';

const resolver = lazyZodResolver(() => import('@/lib/auth/password-schema').then((m) => m.changePasswordSchema));
type Values = z.input<typeof changePasswordSchema>;
const FIELDS = ['currentPassword', 'password', 'confirmPassword'] as const;

/** Settings → change password: the current one, the new one twice; the other sessions end. */
export function PasswordCard() {
  const t = useTranslations('accounts.password');
  const tv = useTranslations();
  const [pending, start] = useTransition();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const form = useForm<Values, unknown, z.output<typeof changePasswordSchema>>({ resolver, defaultValues: { currentPassword: '', password: '', confirmPassword: '' }, mode: 'onTouched' });
  const { errors } = form.formState;
  const errorText = (text?: string) => (text ? (/^(validation|accounts)\./.test(text) ? tv(runtimeKey<typeof tv>(text)) : text) : undefined);

  const onSubmit = form.handleSubmit((values) => {
    setMessage(null);
    start(async () => {
      const result = await changePasswordAction(values);
      if (result.ok) {
        form.reset();
        setMessage({ ok: true, text: result.message ?? t('changed') });
        return;
      }
      setMessage({ ok: false, text: result.message });
      for (const [field, text] of Object.entries(result.fieldErrors ?? {})) {
        if ((FIELDS as readonly string[]).includes(field)) form.setError(field as (typeof FIELDS)[number], { message: text });
      }
    });
  });

  return (
    <Card data-testid="password-card">
      <CardHeader>
        <CardTitle>{t('changeTitle')}</CardTitle>
        <CardDescription>{t('changeLead')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid max-w-md gap-4">
          <FormField label={t('currentPassword')} required error={errorText(errors.currentPassword?.message)}>
            <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
          </FormField>
          <FormField label={t('newPassword')} required hint={t('newPasswordHint')} error={errorText(errors.password?.message)}>
            <Input type="password" autoComplete="new-password" {...form.register('password')} />
          </FormField>
          <FormField label={t('confirmPassword')} required error={errorText(errors.confirmPassword?.message)}>
            <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
          </FormField>
          {message && (
            <p role={message.ok ? 'status' : 'alert'} className={message.ok ? 'flex items-center gap-2 text-sm text-emerald-700 dark:text-emerald-300' : 'text-sm text-red-700 dark:text-red-300'}>
              {message.ok && <CheckCircle2 className="size-4 shrink-0" aria-hidden="true" />}
              {message.text}
            </p>
          )}
          <div>
            <Button type="submit" loading={pending}>
              <KeyRound aria-hidden="true" />
              {t('changeSubmit')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
