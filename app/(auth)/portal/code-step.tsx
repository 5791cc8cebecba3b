'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { CodeInput } from '@/components/account/code-input';
import { fieldErrorsOf, postPublic } from '@/components/account/public-api';
import { useCountdown } from '@/components/account/use-countdown';
import { notify } from '@/lib/notify/notify';

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
  const tv = useTranslations('accounts.validation');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [resending, setResending] = useState(false);
  const wait = useCountdown(resendAt);

  const verify = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) return setError(tv('codeDigits'));
    setPending(true);
    const answer = await postPublic<{ verificationToken: string; expiresAt: number }>('/user/validateEmailCode', { email, code }, locale);
    setPending(false);
    if (answer.status === 200 && answer.data) return onVerified(answer.data.verificationToken, answer.data.expiresAt);
    setError(fieldErrorsOf(answer.data).code ?? (answer.msg || t('networkError')));
  };

  const resend = async () => {
    setResending(true);
    const answer = await postPublic<{ resendAfter: number; retryAfter: number }>('/user/sendEmailCode', { email }, locale);
    setResending(false);
    if (answer.status === 200 && answer.data) {
      setCode('');
      setError(null);
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
      <FormField label={t('code')} required error={error} hint={t('codeHint')}>
        <CodeInput name="code" autoFocus value={code} onChange={setCode} />
      </FormField>
      <Button type="submit" size="lg" loading={pending}>
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
