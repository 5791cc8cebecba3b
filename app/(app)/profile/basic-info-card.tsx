'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useTransition } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useMessageText } from '@/components/account/use-message-key';
import { updateProfileAction } from '@/lib/merchant/actions';
import { updateProfileSchema } from '@/lib/merchant/schema';
import type { MerchantProfile } from '@/lib/merchant/service';
import { notify } from '@/lib/notify/notify';

type Values = z.input<typeof updateProfileSchema>;

export function BasicInfoCard({ profile, onSaved }: { profile: MerchantProfile; onSaved: (p: MerchantProfile) => void }) {
  const t = useTranslations('accounts.profile');
  const text = useMessageText();
  const [pending, start] = useTransition();
  const form = useForm<Values, unknown, z.output<typeof updateProfileSchema>>({
    resolver: zodResolver(updateProfileSchema),
    defaultValues: { merchantName: profile.name, address: profile.address },
  });
  const submit = form.handleSubmit((values) =>
    start(async () => {
      const result = await updateProfileAction(values);
      if (!result.ok) {
        for (const [field, message] of Object.entries(result.fieldErrors ?? {})) form.setError(field as keyof Values, { message });
        return notify.warning(result.message);
      }
      onSaved(result.data);
      form.reset({ merchantName: result.data.name, address: result.data.address });
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
          <FormField label={t('merchantName')} required error={text(form.formState.errors.merchantName?.message)}>
            <Input maxLength={100} autoComplete="organization" {...form.register('merchantName')} />
          </FormField>
          <FormField label={t('address')} required error={text(form.formState.errors.address?.message)}>
            <Input maxLength={300} autoComplete="street-address" {...form.register('address')} />
          </FormField>
        </CardContent>
        <CardFooter>
          <Button type="submit" loading={pending} disabled={!form.formState.isDirty}>
            {t('save')}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
