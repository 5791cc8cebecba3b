import type { EmployeeFigures } from '@/lib/dashboard/employee-figures';

export interface EmployeeTableLabels {
  caption: string;
  location: string;
  employee: string;
  noEmployee: string;
  scans: string;
  requests: string;
  clicks: string;
  reviews: string;
  averageRating: string;
  empty: string;
}

/**
 * The dashboard's credit table: one line per location and employee. A server component (plain
 * table, no script); scrolls sideways on a phone rather than squeezing the numbers.
 */
export function EmployeeTable({ lines, labels, reviewsHref }: { lines: EmployeeFigures[]; labels: EmployeeTableLabels; reviewsHref: (line: EmployeeFigures) => string }) {
  if (!lines.length) return <p className="py-4 text-sm text-slate-500 dark:text-slate-400">{labels.empty}</p>;
  const numbers = 'px-3 py-2 text-end tabular-nums';
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={labels.caption}>
      <table className="w-full min-w-[560px] text-sm" data-testid="employee-figures">
        <caption className="sr-only">{labels.caption}</caption>
        <thead className="text-xs text-slate-500 dark:text-slate-400">
          <tr className="border-b border-slate-200 dark:border-slate-800">
            <th scope="col" className="px-3 py-2 text-start font-medium">{labels.location}</th>
            <th scope="col" className="px-3 py-2 text-start font-medium">{labels.employee}</th>
            <th scope="col" className={`${numbers} font-medium`}>{labels.scans}</th>
            <th scope="col" className={`${numbers} font-medium`}>{labels.requests}</th>
            <th scope="col" className={`${numbers} font-medium`}>{labels.clicks}</th>
            <th scope="col" className={`${numbers} font-medium`}>{labels.reviews}</th>
            <th scope="col" className={`${numbers} font-medium`}>{labels.averageRating}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={`${line.locationId}-${line.employee ?? ''}`} className="border-b border-slate-100 last:border-0 dark:border-slate-800/60">
              <td className="px-3 py-2 text-slate-700 dark:text-slate-200">{line.locationName}</td>
              <th scope="row" className="px-3 py-2 text-start font-medium text-slate-900 dark:text-slate-100">
                {line.employee ?? <span className="font-normal text-slate-500 dark:text-slate-400">{labels.noEmployee}</span>}
              </th>
              <td className={numbers}>{line.scans}</td>
              <td className={numbers}>{line.requests}</td>
              <td className={numbers}>{line.clicks}</td>
              <td className={numbers}>
                {line.reviews ? (
                  <a href={reviewsHref(line)} className="text-primary underline-offset-2 hover:underline">
                    {line.reviews}
                  </a>
                ) : (
                  0
                )}
              </td>
              <td className={numbers}>{line.averageRating === null ? '-' : `${line.averageRating.toFixed(2)} ★`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
