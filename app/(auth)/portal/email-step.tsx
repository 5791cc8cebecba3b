'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import { useFieldMessage } from '@/components/ui/use-field-message';
import { fieldErrorsOf, postPublic } from '@/components/account/public-api';
import type { emailOnlySchema } from '@/lib/auth/schema';

// The route's own schema (POST /api/user/sendEmailCode); it (and zod) loads when first needed, not with the page (issue 11).
const resolver = lazyZodResolver(() => import('@/lib/auth/schema').then((m) => m.emailOnlySchema));
type Values = z.input<typeof emailOnlySchema>;

export function EmailStep({ locale, initialEmail, onSent }: { locale: string; initialEmail: string; onSent: (email: string, resendAfter: number) => void }) {
  const t = useTranslations('accounts.portal');
  const [registered, setRegistered] = useState(false);
  // Checked on submit, then on each change (as before): the field has the focus from the start, and a
  // check on blur would put an error under it, shifting the buttons, as soon as one of them is pressed.
  const { register, handleSubmit, formState, setError } = useForm<Values, unknown, z.output<typeof emailOnlySchema>>({ resolver, defaultValues: { email: initialEmail } });
  const message = useFieldMessage(formState.errors);

  const submit = handleSubmit(async ({ email }) => {
    const answer = await postPublic<{ resendAfter?: number; retryAfter?: number }>('/user/sendEmailCode', { email }, locale);
    setRegistered(answer.status === 488);
    if (answer.status === 200 && answer.data) return onSent(email, answer.data.resendAfter ?? 60);
    // A code sent less than a minute ago is still valid: go on to enter it.
    if (answer.status === 429 && answer.data?.retryAfter && answer.data.retryAfter <= 60) return onSent(email, answer.data.retryAfter);
    setError('email', { type: 'server', message: fieldErrorsOf(answer.data).email ?? (answer.msg || t('networkError')) });
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <FormField
        label={t('email')}
        required
        error={message('email')}
        hint={
          registered ? (
            <Link href="/login" className="font-medium text-primary hover:underline dark:text-primary-light">
              {t('goSignIn')}
            </Link>
          ) : (
            t('emailHint')
          )
        }
      >
        <Input type="email" autoComplete="email" autoFocus maxLength={254} placeholder="name@example.com" {...register('email')} />
      </FormField>
      <Button type="submit" size="lg" loading={formState.isSubmitting}>
        {t('sendCode')}
      </Button>
    </form>
  );
}
