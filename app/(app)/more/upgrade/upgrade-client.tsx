'use client';

import { CheckCircle2, Send } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import { useFieldMessage } from '@/components/ui/use-field-message';
import { requestUpgradeAction } from '@/lib/billing/actions';
import { MAX_UPGRADE_MESSAGE_LENGTH, UPGRADE_PLANS, type UpgradePlan } from '@/lib/billing/plans';
import type { upgradeRequestSchema } from '@/lib/billing/schema';
import type { UpgradeDetails } from '@/lib/billing/upgrade-details';
import { notify } from '@/lib/notify/notify';

// The action's (and POST /api/billing/upgrade-request's) schema, loaded on the first check.
const resolver = lazyZodResolver(() => import('@/lib/billing/schema').then((m) => m.upgradeRequestSchema));
type Values = z.input<typeof upgradeRequestSchema>;
const FIELDS = ['plan', 'message'] as const;

/** The plan choice, the details sent with it, and the confirmation once sent. */
export function UpgradeClient({ details }: { details: UpgradeDetails }) {
  const t = useTranslations('billing');
  const tp = useTranslations('subscription');
  const current = details.subscription.plan;
  const [sent, setSent] = useState<{ plan: UpgradePlan } | null>(null);
  const [pending, start] = useTransition();
  const { register, control, handleSubmit, formState, setError } = useForm<Values, unknown, z.output<typeof upgradeRequestSchema>>({ resolver, defaultValues: { plan: suggestedPlan(current), message: '' } });
  const errorOf = useFieldMessage(formState.errors);
  const plan = useWatch({ control, name: 'plan' });

  const submit = handleSubmit((values) =>
    start(async () => {
      const result = await requestUpgradeAction(values);
      if (!result.ok) {
        for (const [field, text] of Object.entries(result.fieldErrors ?? {})) {
          if ((FIELDS as readonly string[]).includes(field)) setError(field as (typeof FIELDS)[number], { type: 'server', message: text });
        }
        return notify.warning(result.message);
      }
      setSent({ plan: values.plan });
    }),
  );

  if (sent) {
    return (
      <Card className="max-w-3xl" data-testid="upgrade-sent">
        <CardContent className="flex items-start gap-3 py-6">
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
          <div className="space-y-1" role="status">
            <p className="font-semibold">{t('sentTitle', { plan: tp(`plans.${sent.plan}`) })}</p>
            <p className="text-sm text-slate-600 dark:text-slate-300">{t('sentText', { email: details.contactEmail })}</p>
          </div>
        </CardContent>
      </Card>
    );
  }

  return (
    <form className="grid max-w-3xl gap-5" onSubmit={submit}>
      <Card>
        <CardHeader>
          <CardTitle>{t('plansTitle')}</CardTitle>
          <CardDescription>{t('plansLead')}</CardDescription>
        </CardHeader>
        <CardContent>
          <fieldset aria-describedby={errorOf('plan') ? 'upgrade-plan-error' : undefined}>
            <legend className="sr-only">{t('plansTitle')}</legend>
            <ul className="grid grid-cols-5 gap-3 mobile:grid-cols-1" data-testid="upgrade-plans">
              {UPGRADE_PLANS.map((p) => (
                <li key={p}>
                  <label
                    className={cn(
                      'flex h-full cursor-pointer flex-col gap-2 rounded-lg border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary',
                      plan === p ? 'border-primary bg-primary-soft dark:bg-primary/10' : 'border-slate-200 dark:border-slate-700',
                    )}
                  >
                    <span className="flex items-center gap-2">
                      <input type="radio" value={p} className="accent-primary" {...register('plan')} />
                      <span className="font-semibold">{tp(`plans.${p}`)}</span>
                    </span>
                    {current === p && <Badge tone="success" className="self-start">{t('currentPlan')}</Badge>}
                  </label>
                </li>
              ))}
            </ul>
            {errorOf('plan') && (
              <p id="upgrade-plan-error" role="alert" className="mt-2 text-[13px] text-red-600 dark:text-red-400">
                {errorOf('plan')}
              </p>
            )}
          </fieldset>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('requestTitle')}</CardTitle>
          <CardDescription>{t('requestLead')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm" data-testid="upgrade-details">
            <dt className="text-slate-500 dark:text-slate-400">{t('mail.merchant')}</dt>
            <dd>{details.merchantName}</dd>
            <dt className="text-slate-500 dark:text-slate-400">{t('mail.merchantId')}</dt>
            <dd className="tabular-nums">{details.merchantId}</dd>
            <dt className="text-slate-500 dark:text-slate-400">{t('mail.contact')}</dt>
            <dd>{details.contactName}</dd>
            <dt className="text-slate-500 dark:text-slate-400">{t('mail.email')}</dt>
            <dd className="break-all">{details.contactEmail}</dd>
            <dt className="text-slate-500 dark:text-slate-400">{t('mail.phone')}</dt>
            <dd>{details.contactPhone ?? '-'}</dd>
          </dl>
          <FormField label={t('messageLabel')} hint={t('messageHint')} error={errorOf('message')}>
            <Textarea rows={4} maxLength={MAX_UPGRADE_MESSAGE_LENGTH} disabled={!details.canRequest} {...register('message')} />
          </FormField>
          {!details.canRequest && (
            <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-500/10 dark:text-amber-200" role="note" data-testid="owner-only">
              {t('ownerOnly')}
            </p>
          )}
          <div>
            <Button type="submit" loading={pending} disabled={!details.canRequest} data-testid="send-upgrade">
              <Send aria-hidden="true" />
              {t('send')}
            </Button>
          </div>
        </CardContent>
      </Card>
    </form>
  );
}

/** The plan after the current one (an upgrade), else the first other plan. */
function suggestedPlan(current: string | null | undefined): UpgradePlan {
  const at = UPGRADE_PLANS.findIndex((p) => p === current);
  return UPGRADE_PLANS[at + 1] ?? UPGRADE_PLANS.find((p) => p !== current) ?? 'standard';
}
