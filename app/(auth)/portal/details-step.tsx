'use client';

import { useTranslations } from 'next-intl';
import { useTransition } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useMessageText } from '@/components/account/use-message-key';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import type { registerSchema } from '@/lib/auth/schema';
import { notify } from '@/lib/notify/notify';
import { registerAction } from './actions';

// The shared schema (and zod) loads on the first validation, not with the page (issue 11).
const resolver = lazyZodResolver(() => import('@/lib/auth/schema').then((m) => m.registerSchema));

type Values = z.input<typeof registerSchema>;
const FIELDS = ['userName', 'merchantName', 'password', 'confirmPassword', 'address', 'serviceEmail', 'phone'] as const;

interface DetailsStepProps {
  email: string;
  verificationToken: string;
  onVerifyAgain: (message: string) => void;
  onDone: () => void;
}

export function DetailsStep({ email, verificationToken, onVerifyAgain, onDone }: DetailsStepProps) {
  const t = useTranslations('accounts.portal');
  const text = useMessageText();
  const [pending, startTransition] = useTransition();
  const form = useForm<Values, unknown, z.output<typeof registerSchema>>({
    resolver,
    mode: 'onTouched',
    defaultValues: { verificationToken, userName: '', merchantName: '', password: '', confirmPassword: '', address: '', serviceEmail: '', phone: '' },
  });
  const errors = form.formState.errors;
  const err = (name: (typeof FIELDS)[number]) => text(errors[name]?.message);

  const submit = form.handleSubmit((values) =>
    startTransition(async () => {
      const result = await registerAction({ ...values, verificationToken });
      // Success redirects to /dashboard; only refusals come back.
      if (!result || result.ok) return onDone();
      if (result.details?.verifyAgain) return onVerifyAgain(result.message);
      for (const [field, message] of Object.entries(result.fieldErrors ?? {})) {
        if ((FIELDS as readonly string[]).includes(field)) form.setError(field as (typeof FIELDS)[number], { message });
      }
      if (result.code === 'EMAIL_EXISTS') return onVerifyAgain(result.message);
      notify.warning(result.message);
    }),
  );

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <p className="text-sm text-slate-600 dark:text-slate-300">{t.rich('verifiedAs', { email, strong: (chunks) => <strong className="font-medium text-slate-900 dark:text-white">{chunks}</strong> })}</p>
      <div className="grid grid-cols-2 gap-4 mobile:grid-cols-1">
        <FormField label={t('userName')} required error={err('userName')}>
          <Input autoComplete="name" maxLength={50} {...form.register('userName')} />
        </FormField>
        <FormField label={t('merchantName')} required error={err('merchantName')}>
          <Input autoComplete="organization" maxLength={100} {...form.register('merchantName')} />
        </FormField>
        <FormField label={t('password')} required error={err('password')} hint={t('passwordHint')}>
          <Input type="password" autoComplete="new-password" maxLength={128} {...form.register('password')} />
        </FormField>
        <FormField label={t('confirmPassword')} required error={err('confirmPassword')}>
          <Input type="password" autoComplete="new-password" maxLength={128} {...form.register('confirmPassword')} />
        </FormField>
      </div>
      <FormField label={t('address')} required error={err('address')} hint={t('addressHint')}>
        <Input autoComplete="street-address" maxLength={300} {...form.register('address')} />
      </FormField>
      <div className="grid grid-cols-2 gap-4 mobile:grid-cols-1">
        <FormField label={t('serviceEmail')} error={err('serviceEmail')} hint={t('serviceEmailHint')}>
          <Input type="email" autoComplete="email" maxLength={254} {...form.register('serviceEmail')} />
        </FormField>
        <FormField label={t('phone')} error={err('phone')} hint={t('phoneHint')}>
          <Input type="tel" autoComplete="tel" maxLength={30} {...form.register('phone')} />
        </FormField>
      </div>
      <Button type="submit" size="lg" loading={pending} className="mt-2">
        {t('create')}
      </Button>
    </form>
  );
}
