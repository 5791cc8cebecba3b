import { getTranslations } from 'next-intl/server';
import { cn } from '@/components/ui/cn';

/** Total, average, positive (4-5 stars), negative (1-2 stars) and unanswered of the filtered reviews. */
export async function SummaryStrip({ total, summary }: { total: number; summary: { positive: number; negative: number; needsResponse: number; average: number | null } }) {
  const t = await getTranslations('reviews.summary');
  const items = [
    { key: 'total', label: t('total'), value: total, tone: '' },
    { key: 'average', label: t('average'), value: summary.average === null ? '-' : summary.average.toFixed(2), tone: '' },
    { key: 'positive', label: t('positive'), value: summary.positive, tone: 'text-emerald-600 dark:text-emerald-400' },
    { key: 'negative', label: t('negative'), value: summary.negative, tone: 'text-red-600 dark:text-red-400' },
    { key: 'needsResponse', label: t('needsResponse'), value: summary.needsResponse, tone: 'text-amber-600 dark:text-amber-400' },
  ];
  return (
    <dl className="grid grid-cols-5 gap-3 max-[1000px]:grid-cols-3 mobile:grid-cols-2">
      {items.map((i) => (
        <div key={i.key} className="rounded-xl border border-slate-200 bg-white px-4 py-3 dark:border-slate-800 dark:bg-slate-900" data-testid={`summary-${i.key}`}>
          <dt className="text-xs text-slate-500 dark:text-slate-400">{i.label}</dt>
          <dd className={cn('mt-1 text-2xl font-semibold tabular-nums text-slate-900 dark:text-slate-100', i.tone)}>{i.value}</dd>
        </div>
      ))}
    </dl>
  );
}
