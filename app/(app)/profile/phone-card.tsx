'use client';

import { BadgeCheck } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { CodeInput } from '@/components/account/code-input';
import { useCountdown } from '@/components/account/use-countdown';
import { useMessageText } from '@/components/account/use-message-key';
import { sendPhoneCodeAction, verifyPhoneAction } from '@/lib/merchant/actions';
import type { MerchantProfile } from '@/lib/merchant/profile';
import { notify } from '@/lib/notify/notify';

// The schemas (zod) load on the first check, not with the page (issue 11). They check the typed
// shape only (lib/phone/typed.ts); the server reads the number in the merchant's country.
const schemas = () => import('@/lib/merchant/schema');

/** Spec section 5: phone and code are both required to verify; a phone has 10-20 digits. */
export function PhoneCard({ profile, onVerified }: { profile: MerchantProfile; onVerified: (p: MerchantProfile) => void }) {
  const t = useTranslations('accounts.profile');
  const text = useMessageText();
  const [phone, setPhone] = useState(profile.phone ?? '');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ phone?: string; code?: string }>({});
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [sending, startSend] = useTransition();
  const [verifying, startVerify] = useTransition();
  const wait = useCountdown(resendAt);

  const send = async () => {
    const parsed = (await schemas()).sendPhoneCodeSchema.safeParse({ phone });
    if (!parsed.success) return setErrors({ phone: text(parsed.error.issues[0]?.message) });
    startSend(async () => {
      const result = await sendPhoneCodeAction(parsed.data);
      if (!result.ok) {
        if (result.details?.retryAfter) setResendAt(Date.now() + Number(result.details.retryAfter) * 1000);
        setErrors({ phone: result.fieldErrors?.phone });
        return notify.warning(result.message);
      }
      setErrors({});
      setResendAt(Date.now() + result.data.resendAfter * 1000);
      notify.success(result.message ?? t('codeSent'));
    });
  };

  const verify = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = (await schemas()).verifyPhoneSchema.safeParse({ phone, code });
    if (!parsed.success) {
      const next: { phone?: string; code?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as 'phone' | 'code';
        next[field] ??= text(issue.message);
      }
      return setErrors(next);
    }
    startVerify(async () => {
      const result = await verifyPhoneAction(parsed.data);
      if (!result.ok) {
        setErrors({ phone: result.fieldErrors?.phone, code: result.fieldErrors?.code ?? result.message });
        return;
      }
      setErrors({});
      setCode('');
      onVerified(result.data);
      notify.success(result.message ?? t('phoneVerified'));
    });
  };

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
          <FormField label={t('phone')} required error={errors.phone} hint={t('phoneHint')}>
            <Input type="tel" name="phone" autoComplete="tel" maxLength={30} value={phone} onChange={(e) => setPhone(e.target.value)} />
          </FormField>
          <Button variant="secondary" className="mt-[26px] mobile:mt-0" onClick={send} loading={sending} disabled={wait > 0}>
            {wait > 0 ? t('resendIn', { seconds: wait }) : t('sendCode')}
          </Button>
          <FormField label={t('code')} required error={errors.code}>
            <CodeInput name="code" value={code} onChange={setCode} className="h-9 text-base tracking-[0.4em]" />
          </FormField>
          <Button type="submit" className="mt-[26px] mobile:mt-0" loading={verifying}>
            {t('verifyPhone')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
