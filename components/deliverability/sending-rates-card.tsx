import { ShieldAlert } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import type { WindowRates, SendingRates } from '@/lib/deliverability/sending-rates';
import { COMPLAINT_LINE } from '@/lib/deliverability/limits';

/** The line in basis points (0.3 % = 30). */
const LINE_BP = (COMPLAINT_LINE.complaints * 10_000) / COMPLAINT_LINE.per;

/**
 * The dashboard's complaint and bounce rates of campaign e-mail over 7 and 30 days, each complaint
 * rate drawn against the 0.3 % line (a server component: nothing to interact with).
 */
export async function SendingRatesCard({ rates }: { rates: SendingRates }) {
  const t = await getTranslations('deliverability.rates');
  const over = rates.week.overComplaintLine;
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs dark:border-slate-800 dark:bg-slate-900" data-testid="sending-rates" data-over={over}>
      <h2 className="mb-3 flex items-center gap-2 text-sm font-medium text-slate-600 dark:text-slate-300">
        <ShieldAlert className="size-4 text-primary/70" aria-hidden="true" />
        {t('title')}
      </h2>
      {over && (
        <p role="alert" className="mb-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-200">
          {t('over')}
        </p>
      )}
      <div className="grid grid-cols-2 gap-4 mobile:grid-cols-1">
        {[
          [t('week'), rates.week],
          [t('month'), rates.month],
        ].map(([label, w]) => (
          <WindowFigures key={label as string} label={label as string} rates={w as WindowRates} t={t} />
        ))}
      </div>
    </section>
  );
}

function WindowFigures({ label, rates, t }: { label: string; rates: WindowRates; t: Awaited<ReturnType<typeof getTranslations<'deliverability.rates'>>> }) {
  const percent = (bp: number | null) => (bp === null ? '-' : `${(bp / 100).toFixed(2)}%`);
  const bp = rates.complaintBasisPoints ?? 0;
  // The bar's scale: at least twice the line, so the line sits in its first half when all is well.
  const scale = Math.max(LINE_BP * 2, bp * 1.25);
  const overLine = rates.overComplaintLine;
  return (
    <div>
      <p className="mb-2 text-xs font-medium text-slate-500 dark:text-slate-400">{label}</p>
      {rates.sent === 0 && rates.complaints === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('none')}</p>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-2">
            <div>
              <dt className="text-xs text-slate-500 dark:text-slate-400">{t('complaints')}</dt>
              <dd className={`text-lg font-semibold tabular-nums ${overLine ? 'text-red-600 dark:text-red-400' : 'text-slate-900 dark:text-slate-100'}`}>{overLine && rates.sent === 0 ? '>0.30%' : percent(rates.complaintBasisPoints)}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500 dark:text-slate-400">{t('bounces')}</dt>
              <dd className="text-lg font-semibold text-slate-900 tabular-nums dark:text-slate-100">{percent(rates.bounceBasisPoints)}</dd>
            </div>
          </dl>
          <div className="relative mt-2 h-2 rounded-full bg-slate-100 dark:bg-slate-800" role="img" aria-label={`${t('complaints')} ${percent(rates.complaintBasisPoints)}, ${t('line')}`}>
            <div className={`h-2 rounded-full ${overLine ? 'bg-red-500' : 'bg-emerald-500'}`} style={{ width: `${Math.min(100, (bp / scale) * 100)}%` }} />
            <div className="absolute -top-1 h-4 w-0.5 bg-slate-700 dark:bg-slate-200" style={{ left: `${(LINE_BP / scale) * 100}%` }} aria-hidden="true" />
          </div>
          <p className="mt-1 flex justify-between text-[11px] text-slate-500 tabular-nums dark:text-slate-400">
            <span>{t('counts', { sent: rates.sent, complaints: rates.complaints, bounces: rates.bounces })}</span>
            <span>{t('line')}</span>
          </p>
        </>
      )}
    </div>
  );
}
