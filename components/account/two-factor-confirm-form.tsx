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
import type { ActionResult } from '@/lib/auth/authed-action';
import type { ConfirmTwoFactorInput, confirmTwoFactorSchema } from '@/lib/auth/two-factor/schema';

// The actions' own schema; it (and zod) loads on the first validation, not with the settings page.
const resolver = lazyZodResolver(() => import('@/lib/auth/two-factor/schema').then((m) => m.confirmTwoFactorSchema));
type Values = z.input<typeof confirmTwoFactorSchema>;

/** Turn off or new recovery codes: the current password and a code, errors beside each field. */
export function TwoFactorConfirmForm<T>({ submitLabel, danger, action, onDone, onCancel }: { submitLabel: string; danger?: boolean; action: (input: ConfirmTwoFactorInput) => Promise<ActionResult<T>>; onDone: (data: T) => void; onCancel: () => void }) {
  const t = useTranslations('twoFactor');
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const { register, handleSubmit, formState, setError } = useForm<Values, unknown, ConfirmTwoFactorInput>({ resolver, defaultValues: { password: '', code: '' } });
  const message = useFieldMessage(formState.errors);

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    start(async () => {
      const result = await action(values);
      if (result.ok) {
        onDone(result.data);
        return;
      }
      const { password, code } = result.fieldErrors ?? {};
      if (password) setError('password', { type: 'server', message: password });
      if (code) setError('code', { type: 'server', message: code });
      // A refusal that names no field (too many tries, not on) shows under the form.
      if (!password && !code) setFormError(result.message);
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid max-w-md gap-4" data-testid="two-factor-confirm">
      <FormField label={t('password')} required error={message('password')}>
        <Input type="password" autoComplete="current-password" {...register('password')} />
      </FormField>
      <FormField label={t('codeOrRecovery')} required error={message('code')}>
        <Input autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} maxLength={64} className="font-mono" {...register('code')} />
      </FormField>
      {formError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {formError}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={danger ? 'danger' : 'primary'} loading={pending}>
          {submitLabel}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}
