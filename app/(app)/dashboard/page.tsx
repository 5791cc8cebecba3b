import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { Mail, MessageSquare, MessagesSquare, Star, Users, Send } from 'lucide-react';
import { requireSession } from '@/lib/auth/session';
import { dashboardFigures, type ChannelFigures } from '@/lib/dashboard/figures';
import { dashboardQuerySchema } from '@/lib/dashboard/schema';
import { employeeFigures } from '@/lib/dashboard/employee-figures';
import { resolvePeriod } from '@/lib/dashboard/period';
import { addDays } from '@/lib/time/calendar';
import { EmployeeTable } from '@/components/dashboard/employee-table';
import { locationOptions } from '@/lib/locations/options';
import { formatDate } from '@/lib/time/format';
import { PageHeader } from '@/components/ui/page-header';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { StatCard } from '@/components/dashboard/stat-card';
import { TrendChart } from '@/components/dashboard/trend-chart';
import { RatingBars } from '@/components/dashboard/rating-bars';
import { DashboardFilters } from '@/components/dashboard/dashboard-filters';
import { ClientMessages } from '@/components/i18n/client-messages';
import { firstValues } from '@/lib/http/search-params';
import { SendingRatesCard } from '@/components/deliverability/sending-rates-card';
import { sendingRates } from '@/lib/deliverability/sending-rates';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('dashboard');
  return { title: t('title') };
}

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function DashboardPage({ searchParams }: { searchParams: Search }) {
  const { ctx, user } = await requireSession();
  const t = await getTranslations('dashboard');
  const raw = firstValues(await searchParams);
  const parsed = dashboardQuerySchema.safeParse(raw);
  const query = parsed.success ? parsed.data : dashboardQuerySchema.parse({});
  const [figures, ours, employees, rates] = await Promise.all([
    dashboardFigures(ctx, query),
    locationOptions(ctx),
    employeeFigures(ctx, query),
    sendingRates(ctx.db, ctx.merchantId, ctx.now()),
  ]);
  const channelLabels: ChannelLabels = { sent: t('sent'), deliveryRate: t('deliveryRate'), optIn: t('optIn'), optOut: t('optOut') };
  const periodLabel = `${formatDate(figures.period.from, ctx.locale)} – ${formatDate(new Date(new Date(figures.period.to).getTime() - 1), ctx.locale)}`;
  const r = figures.reviews;
  // The reviews page's own date filter for the same days (its last day is inclusive).
  const days = resolvePeriod(query, ctx.now());
  const reviewDays = { from: days.fromDay, to: addDays(days.toDay, -1) };
  const rtr = figures.requestToReview;

  return (
    <ClientMessages namespaces={['dashboard']}>
      <PageHeader title={t('title')} description={t('welcome', { name: user.merchantName })} />
      <div className="mb-6">
        <DashboardFilters locations={ours} value={{ period: query.period, from: query.from, to: query.to, locationId: query.locationId }} />
        <p className="mt-2 text-xs text-slate-500 tabular-nums dark:text-slate-400">{periodLabel}</p>
      </div>
      {!figures.profileConnected && (
        <p className="mb-5 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900 dark:border-sky-500/30 dark:bg-sky-500/10 dark:text-sky-200">
          {t('connectHint')}{' '}
          <Link href="/sources" className="font-medium underline underline-offset-2">
            {t('connectAction')}
          </Link>
        </p>
      )}
      <div className="grid grid-cols-4 gap-4 max-[1100px]:grid-cols-2 mobile:grid-cols-1">
        <StatCard title={t('reviewTotal')} value={r.total} icon={MessagesSquare} testId="stat-review-total" href="/reviews?site=google" sub={t('allSites', { total: r.allSites.total })} />
        <StatCard title={t('averageRating')} value={r.average === null ? '-' : r.average.toFixed(2)} unit={r.average === null ? undefined : '★'} icon={Star} testId="stat-average" sub={t('allSitesAverage', { average: r.allSites.average?.toFixed(2) ?? '-' })} />
        <StatCard title={t('members')} value={figures.members.total} icon={Users} testId="stat-members" href="/contacts" sub={t('membersAdded', { count: figures.members.added })} />
        <StatCard title={t('requestToReview')} value={rtr.per100 === null ? '-' : rtr.per100} unit={rtr.per100 === null ? undefined : t('per100Unit')} icon={Send} testId="stat-request-to-review" sub={t('requestToReviewSub', { reviews: rtr.reviews, requests: rtr.requests, days: rtr.windowDays })} />
      </div>
      <div className="mt-4 grid grid-cols-[2fr_1fr] items-start gap-4 max-[1100px]:grid-cols-1">
        <Card>
          <CardHeader>
            <CardTitle>{t('trendTitle')}</CardTitle>
            <CardDescription>{t('trendHint')}</CardDescription>
          </CardHeader>
          <CardContent>
            <TrendChart
              locale={ctx.locale}
              points={figures.trend.map((p) => ({ month: p.month, total: p.total, average: p.average }))}
              labels={{ title: t('trendTitle'), description: t('trendDesc', { months: figures.trend.length }), month: t('month'), count: t('reviewsCount'), average: t('averageRating') }}
            />
          </CardContent>
        </Card>
        <div className="flex flex-col gap-4">
          <Card>
            <CardHeader>
              <CardTitle>{t('ratingTitle')}</CardTitle>
              <CardDescription>{t('ratingHint')}</CardDescription>
            </CardHeader>
            <CardContent>
              <RatingBars counts={r.byRating} title={t('ratingTitle')} />
            </CardContent>
          </Card>
          <div className="grid grid-cols-3 gap-2 text-center">
            <Link href="/reviews?minRating=4" className="rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900">
              <p className="text-xs text-slate-500 dark:text-slate-400">{t('positive')}</p>
              <p className="text-xl font-semibold text-emerald-700 tabular-nums dark:text-emerald-400">{r.positive}</p>
            </Link>
            <Link href="/reviews?maxRating=2" className="rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900">
              <p className="text-xs text-slate-500 dark:text-slate-400">{t('negative')}</p>
              <p className="text-xl font-semibold text-red-600 tabular-nums dark:text-red-400">{r.negative}</p>
            </Link>
            <Link href="/reviews?view=needsResponse" className="rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900">
              <p className="text-xs text-slate-500 dark:text-slate-400">{t('needsResponse')}</p>
              <p className="text-xl font-semibold text-amber-700 tabular-nums dark:text-amber-400">{r.needsResponse}</p>
            </Link>
          </div>
        </div>
      </div>
      <Card className="mt-4">
        <CardHeader>
          <CardTitle>{t('employees.title')}</CardTitle>
          <CardDescription>{t('employees.hint')}</CardDescription>
        </CardHeader>
        <CardContent>
          <EmployeeTable
            lines={employees}
            reviewsHref={(line) => `/reviews?${new URLSearchParams({ locationId: String(line.locationId), ...(line.employee ? { employee: line.employee } : { tag: 'untagged' }), ...reviewDays })}`}
            labels={{
              caption: t('employees.title'),
              location: t('employees.location'),
              employee: t('employees.employee'),
              noEmployee: t('employees.noEmployee'),
              scans: t('employees.scans'),
              requests: t('employees.requests'),
              clicks: t('employees.clicks'),
              reviews: t('employees.reviews'),
              averageRating: t('averageRating'),
              empty: t('employees.empty'),
            }}
          />
          <p className="mt-3 text-xs text-slate-500 dark:text-slate-400">{t('employees.ftc')}</p>
        </CardContent>
      </Card>
      <div className="mt-4 grid grid-cols-2 gap-4 mobile:grid-cols-1">
        <ChannelCard title={t('email')} icon={Mail} figures={figures.email} testId="stat-email" labels={channelLabels} />
        <ChannelCard title={t('sms')} icon={MessageSquare} figures={figures.sms} testId="stat-sms" labels={channelLabels} />
      </div>
      <div className="mt-4">
        <SendingRatesCard rates={rates} />
      </div>
    </ClientMessages>
  );
}

interface ChannelLabels {
  sent: string;
  deliveryRate: string;
  optIn: string;
  optOut: string;
}

function ChannelCard({ title, icon: Icon, figures, testId, labels }: { title: string; icon: typeof Mail; figures: ChannelFigures; testId: string; labels: ChannelLabels }) {
  const items = [
    [labels.sent, figures.sent],
    [labels.deliveryRate, figures.deliveryRate === null ? '-' : `${figures.deliveryRate}%`],
    [labels.optIn, figures.optIn],
    [labels.optOut, figures.optOut],
  ] as const;
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs dark:border-slate-800 dark:bg-slate-900" data-testid={testId}>
      <h2 className="mb-3 flex items-center gap-2 text-sm font-medium text-slate-600 dark:text-slate-300">
        <Icon className="size-4 text-primary/70" aria-hidden="true" />
        {title}
      </h2>
      <dl className="grid grid-cols-4 gap-2 mobile:grid-cols-2">
        {items.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
            <dd className="text-lg font-semibold text-slate-900 tabular-nums dark:text-slate-100">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
