import { useId } from 'react';
import type { Locale } from '@/lib/i18n/locales';
import { formatAxisMonth } from '@/lib/time/format';

export interface TrendPoint {
  month: string; // YYYY-MM
  total: number;
  average: number | null;
}

interface Labels {
  title: string;
  description: string;
  month: string;
  count: string;
  average: string;
}

const W = 720;
const H = 260;
const PAD = { top: 20, right: 44, bottom: 52, left: 40 };

/**
 * Reviews per month (bars) and the month's average rating (line, right axis 1-5), drawn as SVG by
 * hand (no chart library). Screen readers get a title, a description and the same data as a table.
 */
export function TrendChart({ points, labels, locale, className }: { points: TrendPoint[]; labels: Labels; locale: Locale; className?: string }) {
  const id = useId();
  const max = Math.max(1, ...points.map((p) => p.total));
  const step = niceStep(max);
  const top = Math.ceil(max / step) * step;
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, points.length);
  const barW = Math.min(36, slot * 0.6);
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const yAvg = (v: number) => PAD.top + plotH - ((v - 1) / 4) * plotH;
  const x = (i: number) => PAD.left + slot * i + slot / 2;
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  const line = points
    .map((p, i) => (p.average === null ? null : `${x(i).toFixed(1)},${yAvg(p.average).toFixed(1)}`))
    .filter(Boolean)
    .join(' ');
  return (
    <figure className={className}>
      {/* On a phone the chart keeps a readable width and scrolls sideways; the region takes focus
          so the keyboard can scroll it too. */}
      <div className="mobile:-mx-1 mobile:overflow-x-auto mobile:px-1 rounded-md focus-visible:outline-2 focus-visible:outline-primary" tabIndex={0} role="region" aria-label={labels.title}>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-t ${id}-d`} className="h-auto w-full overflow-visible text-slate-400 mobile:min-w-[560px] dark:text-slate-500" data-testid="trend-chart">
        <title id={`${id}-t`}>{labels.title}</title>
        <desc id={`${id}-d`}>{labels.description}</desc>
        {ticks.map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} className="stroke-slate-200 dark:stroke-slate-800" strokeDasharray={v === 0 ? undefined : '3 4'} />
            <text x={PAD.left - 8} y={y(v)} dy="0.32em" textAnchor="end" className="fill-current text-[13px] tabular-nums">
              {v}
            </text>
          </g>
        ))}
        {[1, 2, 3, 4, 5].map((v) => (
          <text key={v} x={W - PAD.right + 8} y={yAvg(v)} dy="0.32em" className="fill-amber-500 text-[13px] tabular-nums">
            {v}★
          </text>
        ))}
        {points.map((p, i) => {
          const axis = formatAxisMonth(p.month, locale);
          // The year under the first month and under each January.
          const showYear = i === 0 || p.month.endsWith('-01');
          return (
          <g key={p.month}>
            <rect x={x(i) - barW / 2} y={y(p.total)} width={barW} height={Math.max(0, y(0) - y(p.total))} rx={4} className="fill-primary/80 dark:fill-primary/70">
              <title>{`${p.month}: ${p.total}`}</title>
            </rect>
            <text x={x(i)} y={H - PAD.bottom + 18} textAnchor="middle" className="fill-current text-[13px] tabular-nums">
              {axis.month}
            </text>
            {showYear && (
              <text x={x(i)} y={H - PAD.bottom + 36} textAnchor="middle" className="fill-current text-[12px] tabular-nums">
                {axis.year}
              </text>
            )}
          </g>
          );
        })}
        {line && <polyline points={line} fill="none" className="stroke-amber-500" strokeWidth={2.5} strokeLinejoin="round" strokeLinecap="round" />}
        {points.map((p, i) => (p.average === null ? null : <circle key={p.month} cx={x(i)} cy={yAvg(p.average)} r={3.5} className="fill-white stroke-amber-500 dark:fill-slate-900" strokeWidth={2} />))}
      </svg>
      </div>
      <figcaption className="mt-2 flex flex-wrap gap-4 text-xs text-slate-500 dark:text-slate-400">
        <span className="inline-flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-primary/80" aria-hidden="true" />
          {labels.count}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="h-0.5 w-4 rounded bg-amber-500" aria-hidden="true" />
          {labels.average}
        </span>
      </figcaption>
      <table className="sr-only">
        <caption>{labels.title}</caption>
        <thead>
          <tr>
            <th scope="col">{labels.month}</th>
            <th scope="col">{labels.count}</th>
            <th scope="col">{labels.average}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.month}>
              <th scope="row">{p.month}</th>
              <td>{p.total}</td>
              <td>{p.average ?? '-'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

function niceStep(max: number): number {
  const rough = max / 4;
  const pow = 10 ** Math.floor(Math.log10(rough));
  const n = rough / pow;
  return (n <= 1 ? 1 : n <= 2 ? 2 : n <= 5 ? 5 : 10) * pow;
}
