'use client';

import { RefreshCw, Send } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useTransition } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import { useFieldMessage } from '@/components/ui/use-field-message';
import { VerificationBadge } from '@/components/account/verification-badge';
import { refreshServiceEmailStatusAction, sendServiceEmailVerificationAction, setServiceEmailAction } from '@/lib/merchant/actions';
import type { MerchantProfile } from '@/lib/merchant/profile';
import type { serviceEmailSchema } from '@/lib/merchant/schema';
import type { Locale } from '@/lib/i18n/locales';
import { notify } from '@/lib/notify/notify';
import { formatDateTime } from '@/lib/time/format';

// The action's own schema; it (and zod) loads on the first check, not with the page (issue 11).
const resolver = lazyZodResolver(() => import('@/lib/merchant/schema').then((m) => m.serviceEmailSchema));
type Values = z.input<typeof serviceEmailSchema>;

/** The service e-mail members receive mail from, its verification status, refresh and send actions. */
export function ServiceEmailCard({ profile, onChange }: { profile: MerchantProfile; onChange: (p: MerchantProfile) => void }) {
  const t = useTranslations('accounts.profile');
  const locale = useLocale() as Locale;
  const { register, control, handleSubmit, formState, setError } = useForm<Values, unknown, z.output<typeof serviceEmailSchema>>({ resolver, defaultValues: { serviceEmail: profile.serviceEmail ?? '' } });
  const message = useFieldMessage(formState.errors);
  const email = useWatch({ control, name: 'serviceEmail' });
  const [saving, startSave] = useTransition();
  const [sending, startSend] = useTransition();
  const [refreshing, startRefresh] = useTransition();
  const changed = email.trim().toLowerCase() !== (profile.serviceEmail ?? '');

  const save = handleSubmit((values) =>
    startSave(async () => {
      const result = await setServiceEmailAction(values);
      // Every refusal shows beside the one field.
      if (!result.ok) return setError('serviceEmail', { type: 'server', message: result.fieldErrors?.serviceEmail ?? result.message });
      onChange(result.data);
      notify.success(result.message ?? t('saved'));
    }),
  );

  const sendVerification = () =>
    startSend(async () => {
      // Spec section 5: a service e-mail must be set first (the server says so too).
      if (!profile.serviceEmail) return notify.warning(t('serviceEmailFirst'));
      const result = await sendServiceEmailVerificationAction({});
      if (!result.ok) return notify.warning(result.message);
      onChange(result.data);
      notify.success(result.message ?? t('verificationSent'));
    });

  const refresh = () =>
    startRefresh(async () => {
      const result = await refreshServiceEmailStatusAction({});
      if (!result.ok) return notify.warning(result.message);
      onChange(result.data);
    });

  return (
    <Card>
      <CardHeader actions={<VerificationBadge status={profile.emailVerificationStatus} />}>
        <CardTitle>{t('serviceEmailTitle')}</CardTitle>
        <CardDescription>{t('serviceEmailLead')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <form noValidate onSubmit={save} className="grid grid-cols-[1fr_auto] items-start gap-3 mobile:grid-cols-1">
          <FormField label={t('serviceEmail')} required error={message('serviceEmail')}>
            <Input type="email" autoComplete="email" maxLength={254} placeholder="hello@example.com" {...register('serviceEmail')} />
          </FormField>
          <Button type="submit" variant="secondary" className="mt-[26px] mobile:mt-0" loading={saving} disabled={!changed}>
            {t('save')}
          </Button>
        </form>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-500 dark:text-slate-400">{t('statusLabel')}</dt>
          <dd className="text-slate-800 dark:text-slate-200">{t(`statusHelp.${profile.emailVerificationStatus}`)}</dd>
          <dt className="text-slate-500 dark:text-slate-400">{t('lastVerification')}</dt>
          <dd className="text-slate-800 tabular-nums dark:text-slate-200">{formatDateTime(profile.lastVerificationTime, locale)}</dd>
        </dl>
        <div className="flex flex-wrap gap-2">
          <Button onClick={sendVerification} loading={sending} disabled={changed}>
            <Send aria-hidden="true" />
            {t('sendVerification')}
          </Button>
          <Button variant="secondary" onClick={refresh} loading={refreshing}>
            <RefreshCw aria-hidden="true" />
            {t('refresh')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
