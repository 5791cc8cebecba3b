'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useMessageText } from '@/components/account/use-message-key';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import type { acceptInvitationSchema } from '@/lib/team/schema';
import { acceptInvitationAction } from './actions';

// The shared schema (and zod) loads on the first validation, not with the page.
const resolver = lazyZodResolver(() => import('@/lib/team/schema').then((m) => m.acceptInvitationSchema));

type Values = z.input<typeof acceptInvitationSchema>;
const FIELDS = ['userName', 'password', 'confirmPassword'] as const;

/** Name and password for the invited e-mail; success signs in and lands on /dashboard. */
export function InviteForm({ token, email }: { token: string; email: string }) {
  const t = useTranslations('team.accept');
  const tp = useTranslations('accounts.portal');
  const text = useMessageText();
  const [pending, startTransition] = useTransition();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<Values, unknown, z.output<typeof acceptInvitationSchema>>({
    resolver,
    mode: 'onTouched',
    defaultValues: { token, userName: '', password: '', confirmPassword: '' },
  });
  const errors = form.formState.errors;
  const err = (name: (typeof FIELDS)[number]) => text(errors[name]?.message);

  const submit = form.handleSubmit((values) =>
    startTransition(async () => {
      const result = await acceptInvitationAction({ ...values, token });
      // Success redirects to /dashboard; only refusals come back.
      if (!result || result.ok) return;
      let placed = false;
      for (const [field, message] of Object.entries(result.fieldErrors ?? {})) {
        if ((FIELDS as readonly string[]).includes(field)) {
          form.setError(field as (typeof FIELDS)[number], { message });
          placed = true;
        }
      }
      if (!placed) setRefusal(result.message);
    }),
  );

  if (refusal) {
    return (
      <div className="flex flex-col gap-4">
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {refusal}
        </p>
        <Button asChild variant="secondary">
          <Link href="/login">{t('toLogin')}</Link>
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4 text-start">
      <FormField label={t('email')}>
        <Input type="email" value={email} readOnly autoComplete="username" />
      </FormField>
      <FormField label={tp('userName')} required error={err('userName')}>
        <Input autoComplete="name" maxLength={50} {...form.register('userName')} />
      </FormField>
      <FormField label={tp('password')} required error={err('password')} hint={tp('passwordHint')}>
        <Input type="password" autoComplete="new-password" maxLength={128} {...form.register('password')} />
      </FormField>
      <FormField label={tp('confirmPassword')} required error={err('confirmPassword')}>
        <Input type="password" autoComplete="new-password" maxLength={128} {...form.register('confirmPassword')} />
      </FormField>
      <Button type="submit" size="lg" loading={pending} className="mt-2">
        {t('submit')}
      </Button>
    </form>
  );
}
