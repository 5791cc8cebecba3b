import { ChevronRight, FileText, Settings, ShieldCheck, Store } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { PlanCard } from '@/components/account/plan-card';
import { requireSession } from '@/lib/auth/session';
import type { Locale } from '@/lib/i18n/locales';
import { getSubscription } from '@/lib/subscription/get-subscription';
import { ClientMessages } from '@/components/i18n/client-messages';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('accounts.more');
  return { title: t('title') };
}

/** The More page: the plan, trial end and an upgrade call to action, plus account shortcuts. */
export default async function MorePage() {
  const { ctx, user } = await requireSession();
  const t = await getTranslations('accounts.more');
  const subscription = await getSubscription(ctx);
  const links = [
    { href: '/profile', icon: Store, label: t('profile'), detail: user.merchantName },
    { href: '/chat/settings', icon: Settings, label: t('settings') },
    { href: '/privacy', icon: ShieldCheck, label: t('privacy') },
    { href: '/terms', icon: FileText, label: t('terms') },
  ];
  return (
    <ClientMessages namespaces={['common', 'subscription']}>
      <PageHeader title={t('title')} description={t('description')} />
      <div className="grid max-w-3xl gap-5">
        <PlanCard subscription={subscription} locale={(await getLocale()) as Locale} />
        <Card>
          <nav aria-label={t('shortcuts')} className="flex flex-col divide-y divide-slate-100 dark:divide-slate-800">
            {links.map(({ href, icon: Icon, label, detail }) => (
              <Link key={href} href={href} className="flex items-center gap-3 px-5 py-3.5 text-sm text-slate-700 hover:bg-slate-50 dark:text-slate-200 dark:hover:bg-slate-800/60">
                <Icon className="size-4 text-slate-400" aria-hidden="true" />
                <span className="flex-1">{label}</span>
                {detail && <span className="truncate text-slate-400 mobile:hidden">{detail}</span>}
                <ChevronRight className="size-4 text-slate-400" aria-hidden="true" />
              </Link>
            ))}
          </nav>
        </Card>
      </div>
    </ClientMessages>
  );
}
