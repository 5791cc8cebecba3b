'use client';

import { useTranslations } from 'next-intl';
import { useTransition } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import { useFieldMessage } from '@/components/ui/use-field-message';
import { updateProfileAction } from '@/lib/merchant/actions';
import type { MerchantProfile } from '@/lib/merchant/profile';
import type { UpdateProfileInput } from '@/lib/merchant/schema';
import { notify } from '@/lib/notify/notify';

// The action's own schema; it (and zod) loads on the first check, not with the page (issue 11).
const resolver = lazyZodResolver(() => import('@/lib/merchant/schema').then((m) => m.updateProfileSchema));
const FIELDS = ['merchantName', 'address'] as const;

export function BasicInfoCard({ profile, onSaved }: { profile: MerchantProfile; onSaved: (p: MerchantProfile) => void }) {
  const t = useTranslations('accounts.profile');
  const [pending, start] = useTransition();
  // Checked on submit, then on each change, as before. Save stays off until a field differs from
  // what is saved (isDirty against the defaults, which reset moves to the saved values).
  const { register, handleSubmit, formState, setError, reset } = useForm<UpdateProfileInput, unknown, UpdateProfileInput>({ resolver, defaultValues: { merchantName: profile.name, address: profile.address } });
  const message = useFieldMessage(formState.errors);

  const submit = handleSubmit((values) =>
    start(async () => {
      const result = await updateProfileAction(values);
      if (!result.ok) {
        for (const [field, text] of Object.entries(result.fieldErrors ?? {})) {
          if ((FIELDS as readonly string[]).includes(field)) setError(field as (typeof FIELDS)[number], { type: 'server', message: text });
        }
        return notify.warning(result.message);
      }
      onSaved(result.data);
      reset({ merchantName: result.data.name, address: result.data.address });
      notify.success(result.message ?? t('saved'));
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('basicTitle')}</CardTitle>
        <CardDescription>{t('basicLead')}</CardDescription>
      </CardHeader>
      <form noValidate onSubmit={submit}>
        <CardContent className="grid gap-4">
          <FormField label={t('merchantName')} required error={message('merchantName')}>
            <Input maxLength={100} autoComplete="organization" {...register('merchantName')} />
          </FormField>
          <FormField label={t('address')} required error={message('address')}>
            <Input maxLength={300} autoComplete="street-address" {...register('address')} />
          </FormField>
        </CardContent>
        <CardFooter>
          <Button type="submit" loading={pending} disabled={!formState.isDirty}>
            {t('save')}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
