'use client';

import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import { useFieldMessage } from '@/components/ui/use-field-message';
import { startTwoFactorAction } from '@/lib/auth/two-factor/actions';
import type { TwoFactorSetup } from '@/lib/auth/two-factor/enrol';
import type { StartTwoFactorInput, startTwoFactorSchema } from '@/lib/auth/two-factor/schema';

// The action's own schema; it (and zod) loads on the first validation, not with the settings page.
const resolver = lazyZodResolver(() => import('@/lib/auth/two-factor/schema').then((m) => m.startTwoFactorSchema));
type Values = z.input<typeof startTwoFactorSchema>;

/** Turn on, before the secret: the current password (a stolen session must not enrol its own app). */
export function TwoFactorPasswordForm({ onStarted, onCancel }: { onStarted: (setup: TwoFactorSetup) => void; onCancel: () => void }) {
  const t = useTranslations('twoFactor');
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const { register, handleSubmit, formState, setError } = useForm<Values, unknown, StartTwoFactorInput>({ resolver, defaultValues: { password: '' } });
  const message = useFieldMessage(formState.errors);

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    start(async () => {
      const result = await startTwoFactorAction(values);
      if (result.ok) return onStarted(result.data);
      if (result.fieldErrors?.password) setError('password', { type: 'server', message: result.fieldErrors.password });
      // Too many tries, already on: under the form.
      else setFormError(result.message);
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid max-w-md gap-4" data-testid="two-factor-password">
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('passwordFirst')}</p>
      <FormField label={t('password')} required error={message('password')}>
        <Input type="password" autoComplete="current-password" autoFocus {...register('password')} data-testid="two-factor-start-password" />
      </FormField>
      {formError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {formError}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={pending}>
          {t('continue')}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}
