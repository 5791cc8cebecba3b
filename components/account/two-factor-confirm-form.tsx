'use client';

import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { ActionResult } from '@/lib/auth/authed-action';
import type { ConfirmTwoFactorInput } from '@/lib/auth/two-factor/schema';

/** Turn off or new recovery codes: the current password and a code, errors beside each field. */
export function TwoFactorConfirmForm<T>({ submitLabel, danger, action, onDone, onCancel }: { submitLabel: string; danger?: boolean; action: (input: ConfirmTwoFactorInput) => Promise<ActionResult<T>>; onDone: (data: T) => void; onCancel: () => void }) {
  const t = useTranslations('twoFactor');
  const tv = useTranslations();
  const [values, setValues] = useState({ password: '', code: '' });
  const [errors, setErrors] = useState<{ password?: string; code?: string; form?: string }>({});
  const [pending, start] = useTransition();

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const missing = { password: values.password ? undefined : tv('validation.required'), code: values.code.trim() ? undefined : tv('validation.required') };
    if (missing.password || missing.code) {
      setErrors(missing);
      return;
    }
    setErrors({});
    start(async () => {
      const result = await action(values);
      if (result.ok) {
        onDone(result.data);
        return;
      }
      const fields = result.fieldErrors ?? {};
      setErrors({ password: fields.password, code: fields.code, form: fields.password || fields.code ? undefined : result.message });
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid max-w-md gap-4" data-testid="two-factor-confirm">
      <FormField label={t('password')} required error={errors.password}>
        <Input type="password" autoComplete="current-password" value={values.password} onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))} />
      </FormField>
      <FormField label={t('codeOrRecovery')} required error={errors.code}>
        <Input autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} maxLength={64} value={values.code} onChange={(e) => setValues((v) => ({ ...v, code: e.target.value }))} className="font-mono" />
      </FormField>
      {errors.form && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errors.form}
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
