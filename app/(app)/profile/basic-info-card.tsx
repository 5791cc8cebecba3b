'use client';

import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useMessageText } from '@/components/account/use-message-key';
import { updateProfileAction } from '@/lib/merchant/actions';
import type { MerchantProfile } from '@/lib/merchant/profile';
import { notify } from '@/lib/notify/notify';

type Values = { merchantName: string; address: string };
type Errors = Partial<Record<keyof Values, string>>;
const FIELDS = ['merchantName', 'address'] as const;
const ids = { merchantName: 'profile-merchant-name', address: 'profile-address' } as const;

// Two fields do not need react-hook-form; the schema (zod) loads on the first
// check instead of with the page (issue 11). The server action checks again.
let schemas: typeof import('@/lib/merchant/schema') | null = null;
const loadSchemas = async () => (schemas ??= await import('@/lib/merchant/schema'));

/** The schema's first message per field, as message keys. */
function check(values: Values, module: typeof import('@/lib/merchant/schema')): { errors: Errors; data?: Values } {
  const parsed = module.updateProfileSchema.safeParse(values);
  if (parsed.success) return { errors: {}, data: parsed.data };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof Values;
    errors[field] ??= issue.message;
  }
  return { errors };
}

export function BasicInfoCard({ profile, onSaved }: { profile: MerchantProfile; onSaved: (p: MerchantProfile) => void }) {
  const t = useTranslations('accounts.profile');
  const text = useMessageText();
  const [pending, start] = useTransition();
  const [saved, setSaved] = useState<Values>({ merchantName: profile.name, address: profile.address });
  const [values, setValues] = useState<Values>(saved);
  const [errors, setErrors] = useState<Errors>({});
  // After a first submit, each change checks again (react-hook-form's reValidateMode onChange).
  const [submitted, setSubmitted] = useState(false);
  const dirty = FIELDS.some((f) => values[f] !== saved[f]);

  const change = (field: keyof Values) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (submitted && schemas) setErrors(check(next, schemas).errors);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const { errors: found, data } = check(values, await loadSchemas());
    setErrors(found);
    if (!data) {
      const first = FIELDS.find((f) => found[f]);
      if (first) document.getElementById(ids[first])?.focus();
      return;
    }
    start(async () => {
      const result = await updateProfileAction(data);
      if (!result.ok) {
        setErrors(result.fieldErrors ?? {});
        return notify.warning(result.message);
      }
      onSaved(result.data);
      const next = { merchantName: result.data.name, address: result.data.address };
      setSaved(next);
      setValues(next);
      setSubmitted(false);
      notify.success(result.message ?? t('saved'));
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('basicTitle')}</CardTitle>
        <CardDescription>{t('basicLead')}</CardDescription>
      </CardHeader>
      <form noValidate onSubmit={submit}>
        <CardContent className="grid gap-4">
          <FormField id={ids.merchantName} label={t('merchantName')} required error={text(errors.merchantName)}>
            <Input name="merchantName" maxLength={100} autoComplete="organization" value={values.merchantName} onChange={change('merchantName')} />
          </FormField>
          <FormField id={ids.address} label={t('address')} required error={text(errors.address)}>
            <Input name="address" maxLength={300} autoComplete="street-address" value={values.address} onChange={change('address')} />
          </FormField>
        </CardContent>
        <CardFooter>
          <Button type="submit" loading={pending} disabled={!dirty}>
            {t('save')}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
