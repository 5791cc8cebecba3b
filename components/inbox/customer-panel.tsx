'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { AddressText } from '@/components/ui/address-text';
import { Button } from '@/components/ui/button';
import type { Thread } from './conversation-view';

/** The customer beside the thread: who, how much was sent each way, consent, and their contact page. */
export function CustomerPanel({ customer: c, conversationId }: { customer: Thread['customer']; conversationId: number }) {
  const t = useTranslations('inbox');
  const consent = (v: boolean | null) => (v === true ? t('customer.optedIn') : v === false ? t('customer.optedOut') : t('customer.unknown'));
  return (
    <aside className="overflow-y-auto border-s border-slate-200 p-4 text-sm dark:border-slate-800 mobile:border-s-0 mobile:border-t" aria-labelledby={`customer-${conversationId}`}>
      <h3 id={`customer-${conversationId}`} className="mb-3 font-semibold">
        {t('customer.title')}
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-2">
        <dt className="text-slate-500 dark:text-slate-400">{t('customer.name')}</dt>
        <dd>{c.name || '-'}</dd>
        <dt className="text-slate-500 dark:text-slate-400">{t('customer.email')}</dt>
        <dd className="min-w-0">{c.email ? <AddressText value={c.email} /> : '-'}</dd>
        <dt className="text-slate-500 dark:text-slate-400">{t('customer.phone')}</dt>
        <dd>{c.phone ?? '-'}</dd>
        <dt className="text-slate-500 dark:text-slate-400">{t('customer.gender')}</dt>
        <dd>{t(`customer.genders.${c.gender as 'unknown' | 'male' | 'female' | 'other'}`)}</dd>
        <dt className="text-slate-500 dark:text-slate-400">{t('customer.totalSent')}</dt>
        <dd className="tabular-nums">{c.totalSent}</dd>
        <dt className="text-slate-500 dark:text-slate-400">{t('customer.totalReceived')}</dt>
        <dd className="tabular-nums">{c.totalReceived}</dd>
        <dt className="text-slate-500 dark:text-slate-400">{t('customer.emailConsent')}</dt>
        <dd>{consent(c.emailOptIn)}</dd>
        <dt className="text-slate-500 dark:text-slate-400">{t('customer.smsConsent')}</dt>
        <dd>{consent(c.smsOptIn)}</dd>
      </dl>
      <Button asChild variant="link" className="mt-3 px-0">
        <Link href={`/contacts/${c.contactId}`}>{t('customer.openContact')}</Link>
      </Button>
    </aside>
  );
}
