'use client';

import { Rocket } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { notify } from '@/lib/notify/notify';
import { startTrialAction } from '@/lib/subscription/actions';

export function StartTrialButton() {
  const t = useTranslations('subscription');
  const confirm = useConfirm();
  const router = useRouter();
  const [pending, start] = useTransition();
  const onClick = async () => {
    if (!(await confirm({ title: t('startTrialTitle'), description: t('startTrialWarning'), confirmLabel: t('startTrial') }))) return;
    start(async () => {
      const result = await startTrialAction({});
      if (!result.ok) return notify.warning(result.message);
      notify.success(result.message ?? t('trialStarted'));
      router.refresh();
    });
  };
  return (
    <Button onClick={onClick} loading={pending} data-testid="start-trial">
      <Rocket aria-hidden="true" />
      {t('startTrial')}
    </Button>
  );
}
