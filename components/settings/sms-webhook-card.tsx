'use client';

import { Check, Copy } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * The merchant's signed inbound SMS webhook address, with a copy button and the steps to put it on
 * a Twilio number or Messaging Service ("A message comes in", HTTP POST).
 */
export function SmsWebhookCard({ url, twilioConfigured }: { url: string; twilioConfigured: boolean }) {
  const t = useTranslations('smsWebhook');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    const done = await navigator.clipboard?.writeText(url).then(
      () => true,
      () => false,
    );
    setCopied(Boolean(done));
    if (done) setTimeout(() => setCopied(false), 2000);
  };
  return (
    <Card data-testid="sms-webhook-card">
      <CardHeader>
        <CardTitle>{t('title')}</CardTitle>
        <CardDescription>{t('lead')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm">
        <div className="flex items-stretch gap-2 mobile:flex-col">
          <code className="min-w-0 flex-1 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-xs break-all text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200" data-testid="sms-webhook-url">
            {url}
          </code>
          <Button type="button" variant="secondary" onClick={copy}>
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            <span aria-live="polite">{copied ? t('copied') : t('copy')}</span>
          </Button>
        </div>
        <ol className="list-decimal space-y-1 ps-5 text-slate-600 dark:text-slate-300">
          <li>{t('step1')}</li>
          <li>{t('step2')}</li>
          <li>{t('step3')}</li>
        </ol>
        <p className="text-slate-500 dark:text-slate-400">{t('why')}</p>
        {!twilioConfigured && (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-800 dark:bg-amber-500/10 dark:text-amber-200" role="note">
            {t('notConfigured')}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
