import { useId } from 'react';

/** How many reviews have each star rating: horizontal bars, as SVG, with a table for screen readers. */
export function RatingBars({ counts, title, className }: { counts: number[]; title: string; className?: string }) {
  const id = useId();
  const total = counts.reduce((a, b) => a + b, 0);
  const max = Math.max(1, ...counts);
  const rows = [5, 4, 3, 2, 1];
  const colors = { 5: 'fill-emerald-500', 4: 'fill-emerald-400', 3: 'fill-amber-400', 2: 'fill-orange-400', 1: 'fill-red-500' } as const;
  return (
    <figure className={className}>
      <svg viewBox="0 0 360 150" role="img" aria-labelledby={`${id}-t`} className="h-auto w-full text-slate-500 dark:text-slate-400" data-testid="rating-chart">
        <title id={`${id}-t`}>{title}</title>
        {rows.map((star, i) => {
          const w = (counts[star - 1] / max) * 240;
          const yy = 8 + i * 28;
          return (
            <g key={star}>
              <text x={0} y={yy + 10} dy="0.32em" className="fill-current text-[12px]">
                {star}★
              </text>
              <rect x={32} y={yy} width={240} height={20} rx={4} className="fill-slate-100 dark:fill-slate-800" />
              <rect x={32} y={yy} width={Math.max(w, counts[star - 1] ? 3 : 0)} height={20} rx={4} className={colors[star as keyof typeof colors]} />
              <text x={282} y={yy + 10} dy="0.32em" className="fill-current text-[12px] tabular-nums">
                {counts[star - 1]}
                {total ? ` (${Math.round((counts[star - 1] / total) * 100)}%)` : ''}
              </text>
            </g>
          );
        })}
      </svg>
      <table className="sr-only">
        <caption>{title}</caption>
        <tbody>
          {rows.map((star) => (
            <tr key={star}>
              <th scope="row">{star}★</th>
              <td>{counts[star - 1]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
