'use client';

import { BadgeCheck } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import { useFieldMessage } from '@/components/ui/use-field-message';
import { CodeInput } from '@/components/account/code-input';
import { useCountdown } from '@/components/account/use-countdown';
import { sendPhoneCodeAction, verifyPhoneAction } from '@/lib/merchant/actions';
import type { MerchantProfile } from '@/lib/merchant/profile';
import type { verifyPhoneSchema } from '@/lib/merchant/schema';
import { notify } from '@/lib/notify/notify';

// The verify action's schema (zod) loads on the first check, not with the page (issue 11). It
// checks the typed shape only (lib/phone/typed.ts); the server reads the number in the
// merchant's country. "Send code" checks its phone field alone (sendPhoneCodeSchema's same rule).
const resolver = lazyZodResolver(() => import('@/lib/merchant/schema').then((m) => m.verifyPhoneSchema));
type Values = z.input<typeof verifyPhoneSchema>;

/** Spec section 5: phone and code are both required to verify; a phone has 10-20 digits. */
export function PhoneCard({ profile, onVerified }: { profile: MerchantProfile; onVerified: (p: MerchantProfile) => void }) {
  const t = useTranslations('accounts.profile');
  const { register, control, handleSubmit, formState, setError, clearErrors, trigger, getValues, resetField } = useForm<Values, unknown, z.output<typeof verifyPhoneSchema>>({ resolver, defaultValues: { phone: profile.phone ?? '', code: '' } });
  const message = useFieldMessage(formState.errors);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [sending, startSend] = useTransition();
  const [verifying, startVerify] = useTransition();
  const wait = useCountdown(resendAt);

  const send = async () => {
    clearErrors('code');
    if (!(await trigger('phone', { shouldFocus: true }))) return;
    startSend(async () => {
      const result = await sendPhoneCodeAction({ phone: getValues('phone').trim() });
      if (!result.ok) {
        if (result.details?.retryAfter) setResendAt(Date.now() + Number(result.details.retryAfter) * 1000);
        if (result.fieldErrors?.phone) setError('phone', { type: 'server', message: result.fieldErrors.phone });
        return notify.warning(result.message);
      }
      clearErrors();
      setResendAt(Date.now() + result.data.resendAfter * 1000);
      notify.success(result.message ?? t('codeSent'));
    });
  };

  const verify = handleSubmit((values) =>
    startVerify(async () => {
      const result = await verifyPhoneAction(values);
      if (!result.ok) {
        if (result.fieldErrors?.phone) setError('phone', { type: 'server', message: result.fieldErrors.phone });
        // A refusal that names no field (a wrong or expired code) shows beside the code.
        setError('code', { type: 'server', message: result.fieldErrors?.code ?? result.message });
        return;
      }
      resetField('code');
      onVerified(result.data);
      notify.success(result.message ?? t('phoneVerified'));
    }),
  );

  const verifiedNow = profile.phoneVerified && profile.phone !== null;
  return (
    <Card>
      <CardHeader
        actions={
          verifiedNow ? (
            <Badge tone="success" data-testid="phone-status">
              <BadgeCheck aria-hidden="true" />
              {t('phoneVerifiedBadge')}
            </Badge>
          ) : (
            <Badge tone="neutral" data-testid="phone-status">
              {t('phoneUnverified')}
            </Badge>
          )
        }
      >
        <CardTitle>{t('phoneTitle')}</CardTitle>
        <CardDescription>{verifiedNow ? t('phoneCurrent', { phone: profile.phoneDisplay }) : t('phoneLead')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={verify} className="grid grid-cols-[1fr_auto] items-start gap-x-3 gap-y-4 mobile:grid-cols-1">
          <FormField label={t('phone')} required error={message('phone')} hint={t('phoneHint')}>
            <Input type="tel" autoComplete="tel" maxLength={30} {...register('phone')} />
          </FormField>
          <Button variant="secondary" className="mt-[26px] mobile:mt-0" onClick={send} loading={sending} disabled={wait > 0}>
            {wait > 0 ? t('resendIn', { seconds: wait }) : t('sendCode')}
          </Button>
          <FormField label={t('code')} required error={message('code')}>
            <Controller control={control} name="code" render={({ field }) => <CodeInput {...field} className="h-9 text-base tracking-[0.4em]" />} />
          </FormField>
          <Button type="submit" className="mt-[26px] mobile:mt-0" loading={verifying}>
            {t('verifyPhone')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
