'use client';

import { CheckCircle2, XCircle } from 'lucide-react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { confirmServiceEmailAction } from './actions';

export function ConfirmServiceEmail({ token }: { token: string }) {
  const t = useTranslations('accounts.verifyEmail');
  const [pending, start] = useTransition();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  if (result) {
    const Icon = result.ok ? CheckCircle2 : XCircle;
    return (
      <div className="flex flex-col items-center gap-4 text-center" role="status">
        <Icon className={result.ok ? 'size-12 text-emerald-500' : 'size-12 text-red-500'} aria-hidden="true" />
        <p className="text-base font-medium text-slate-900 dark:text-white">{result.message}</p>
        <Button asChild variant="secondary">
          <Link href="/profile">{t('toProfile')}</Link>
        </Button>
      </div>
    );
  }
  return (
    <Button size="lg" loading={pending} onClick={() => start(async () => setResult(await confirmServiceEmailAction(token)))}>
      {t('confirm')}
    </Button>
  );
}
