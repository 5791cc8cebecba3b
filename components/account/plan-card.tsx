import { Crown, Sparkles } from 'lucide-react';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { Locale } from '@/lib/i18n/locales';
import { statusLabelOf, type SubscriptionStatus } from '@/lib/subscription/plans';
import { formatDateTime } from '@/lib/time/format';
import { StartTrialButton } from './start-trial-button';

/**
 * The plan (spec section 3 names), trial end and days left, start-trial and upgrade actions, on
 * /more and in settings. Upgrade opens /more/upgrade, which sends the request to the operator.
 */
export async function PlanCard({ subscription, locale }: { subscription: SubscriptionStatus; locale: Locale }) {
  const t = await getTranslations('subscription');
  const daysLeft = subscription.trialDaysLeft;
  const tone = subscription.plan === 'expired' ? 'danger' : subscription.plan === 'trial' ? 'warning' : subscription.plan === 'none' ? 'neutral' : 'success';
  return (
    <Card>
      <CardHeader actions={<Badge tone={tone} data-testid="plan-badge" data-plan={subscription.plan}>{t(`plans.${subscription.plan}`)}</Badge>}>
        <CardTitle>{t('title')}</CardTitle>
        <CardDescription>{t(`planLead.${subscription.plan}`)}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-slate-500 dark:text-slate-400">{t('currentStatus')}</dt>
          <dd className="text-slate-800 dark:text-slate-200" data-testid="current-status" data-status={subscription.currentStatus}>{t(`statuses.${statusLabelOf(subscription.plan)}`)}</dd>
          {subscription.trialEndTime && (
            <>
              <dt className="text-slate-500 dark:text-slate-400">{t('trialEndTime')}</dt>
              <dd className="text-slate-800 tabular-nums dark:text-slate-200" data-testid="trial-end">
                {formatDateTime(subscription.trialEndTime, locale)}
                {subscription.trialing && daysLeft !== null && <span className="ms-2 text-slate-500">({t('daysLeft', { count: daysLeft })})</span>}
              </dd>
            </>
          )}
        </dl>
        {(subscription.trialing || subscription.plan === 'expired') && (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-500/10 dark:text-amber-200" role="note">
            {t('trialLimits')}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          {subscription.canStartTrial && <StartTrialButton />}
          {subscription.plan !== 'enterprise' && (
            <Button asChild variant={subscription.canStartTrial ? 'secondary' : 'primary'}>
              <Link href="/more/upgrade" data-testid="upgrade">
                {subscription.plan === 'none' || subscription.plan === 'trial' || subscription.plan === 'expired' ? <Sparkles aria-hidden="true" /> : <Crown aria-hidden="true" />}
                {t('upgrade')}
              </Link>
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
