'use client';

import { MonitorSmartphone } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { signOutEverywhereAction } from '@/lib/auth/actions';

/** Settings → sign out everywhere: after a confirmation every session ends and the page goes to /login. */
export function SessionsCard() {
  const t = useTranslations('accounts.sessions');
  const confirm = useConfirm();
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);

  const signOutEverywhere = async () => {
    if (!(await confirm({ title: t('confirmTitle'), description: t('confirmBody'), confirmLabel: t('signOutEverywhere'), danger: true }))) return;
    setError(null);
    start(async () => {
      // Success redirects to /login; only refusals come back.
      const result = await signOutEverywhereAction({ confirm: true });
      if (result && !result.ok) setError(result.message);
    });
  };

  return (
    <Card data-testid="sessions-card">
      <CardHeader>
        <CardTitle>{t('title')}</CardTitle>
        <CardDescription>{t('lead')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col items-start gap-3">
        <Button variant="secondary" loading={pending} onClick={() => void signOutEverywhere()}>
          <MonitorSmartphone aria-hidden="true" />
          {t('signOutEverywhere')}
        </Button>
        {error && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
