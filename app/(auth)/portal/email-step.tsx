'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { fieldErrorsOf, postPublic } from '@/components/account/public-api';
import { useMessageText } from '@/components/account/use-message-key';

export function EmailStep({ locale, initialEmail, onSent }: { locale: string; initialEmail: string; onSent: (email: string, resendAfter: number) => void }) {
  const t = useTranslations('accounts.portal');
  const text = useMessageText();
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [registered, setRegistered] = useState(false);
  const [pending, setPending] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    // The shared schema (and zod) loads when first needed, not with the page (issue 11).
    const { emailOnlySchema } = await import('@/lib/auth/schema');
    const parsed = emailOnlySchema.safeParse({ email });
    if (!parsed.success) {
      setError(text(parsed.error.issues[0]?.message) ?? null);
      return;
    }
    setPending(true);
    const answer = await postPublic<{ resendAfter?: number; retryAfter?: number }>('/user/sendEmailCode', { email: parsed.data.email }, locale);
    setPending(false);
    setRegistered(answer.status === 488);
    if (answer.status === 200 && answer.data) return onSent(parsed.data.email, answer.data.resendAfter ?? 60);
    // A code sent less than a minute ago is still valid: go on to enter it.
    if (answer.status === 429 && answer.data?.retryAfter && answer.data.retryAfter <= 60) return onSent(parsed.data.email, answer.data.retryAfter);
    setError(fieldErrorsOf(answer.data).email ?? (answer.msg || t('networkError')));
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <FormField
        label={t('email')}
        required
        error={error}
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
        <Input type="email" name="email" autoComplete="email" autoFocus maxLength={254} value={email} onChange={(e) => setEmail(e.target.value)} placeholder="name@example.com" />
      </FormField>
      <Button type="submit" size="lg" loading={pending}>
        {t('sendCode')}
      </Button>
    </form>
  );
}
