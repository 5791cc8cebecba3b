import { and, desc, eq, ilike, type SQL } from 'drizzle-orm';
import { Inbox, MessageSquareText, Mail } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { getDb } from '@/db/client';
import { outbox } from '@/db/schema/outbox';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkTabs } from '@/components/ui/link-tabs';
import { Input } from '@/components/ui/input';
import { Button } from '@/components/ui/button';
import { devMailboxEnabled } from '@/lib/messaging/dev-mailbox';
import type { Locale } from '@/lib/i18n/locales';
import { formatDateTime } from '@/lib/time/format';

export const metadata: Metadata = { title: 'Dev mailbox', robots: { index: false } };

const PAGE_SIZE = 50;

/**
 * Every e-mail and SMS the outbox transport stored (no SMTP_URL, no Twilio), newest first, so a
 * person can finish registration and phone verification locally. Not in production unless
 * DEV_MAILBOX=1.
 */
export default async function DevMailboxPage({ searchParams }: { searchParams: Promise<{ channel?: string; to?: string }> }) {
  if (!devMailboxEnabled()) notFound();
  const t = await getTranslations('accounts.mailbox');
  const locale = (await getLocale()) as Locale;
  const { channel: rawChannel, to } = await searchParams;
  const channel = rawChannel === 'sms' ? 'sms' : rawChannel === 'email' ? 'email' : undefined;
  const filters: SQL[] = [];
  if (channel) filters.push(eq(outbox.channel, channel));
  if (to?.trim()) filters.push(ilike(outbox.to, `%${to.trim().replace(/[%_\\]/g, (c) => `\\${c}`)}%`));
  const db = await getDb();
  const rows = await db
    .select()
    .from(outbox)
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(desc(outbox.id))
    .limit(PAGE_SIZE);
  const href = (c?: string) => `/dev/mailbox${c || to ? `?${new URLSearchParams({ ...(c ? { channel: c } : {}), ...(to ? { to } : {}) })}` : ''}`;

  return (
    <main className="mx-auto flex w-full max-w-4xl flex-col gap-5 px-6 py-8 mobile:px-4">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">{t('title')}</h1>
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('lead')}</p>
      </header>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <LinkTabs
          items={[
            { href: href(), label: t('all'), active: !channel },
            { href: href('email'), label: t('email'), active: channel === 'email' },
            { href: href('sms'), label: t('sms'), active: channel === 'sms' },
          ]}
        />
        <form className="flex items-center gap-2" action="/dev/mailbox">
          {channel && <input type="hidden" name="channel" value={channel} />}
          <Input name="to" defaultValue={to ?? ''} placeholder={t('filterTo')} aria-label={t('filterTo')} className="w-56 mobile:w-full" />
          <Button type="submit" variant="secondary">
            {t('filter')}
          </Button>
        </form>
      </div>
      {rows.length === 0 ? (
        <EmptyState icon={Inbox} title={t('empty')} description={t('emptyLead')} />
      ) : (
        <ul className="flex flex-col gap-3">
          {rows.map((row) => (
            <li key={row.id}>
              <Card className="flex flex-col gap-2 px-5 py-4" data-testid="mailbox-message" data-channel={row.channel} data-to={row.to}>
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <Badge tone={row.channel === 'email' ? 'primary' : 'success'}>
                    {row.channel === 'email' ? <Mail className="size-3.5" aria-hidden="true" /> : <MessageSquareText className="size-3.5" aria-hidden="true" />}
                    {row.channel === 'email' ? t('email') : t('sms')}
                  </Badge>
                  <span className="font-medium break-all text-slate-900 dark:text-white">{row.to}</span>
                  <span className="ms-auto text-xs text-slate-500 tabular-nums dark:text-slate-400">{formatDateTime(row.createdAt, locale)}</span>
                </div>
                {row.subject && <p className="font-medium text-slate-800 dark:text-slate-100" data-testid="mailbox-subject">{row.subject}</p>}
                <p className="text-sm whitespace-pre-wrap text-slate-600 dark:text-slate-300" data-testid="mailbox-body">
                  {row.channel === 'sms' ? row.body : row.text}
                </p>
                {row.html && (
                  <details className="text-sm">
                    <summary className="cursor-pointer text-primary dark:text-primary-light">{t('showHtml')}</summary>
                    {/* Sandboxed: stored HTML never runs script or reaches this page. */}
                    <iframe title={row.subject ?? t('email')} sandbox="" srcDoc={row.html} className="mt-2 h-96 w-full rounded-lg border border-slate-200 bg-white dark:border-slate-700" />
                  </details>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
      <p className="text-center text-xs text-slate-400">
        <Link href="/portal" className="hover:underline">
          /portal
        </Link>{' '}
        · {t('limit', { count: PAGE_SIZE })}
      </p>
    </main>
  );
}
