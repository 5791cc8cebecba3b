import { setting, settingDefault } from '@/lib/config/settings';

/** Reviews the printable report lists by default: a printed table longer than this helps nobody. */
export const DEFAULT_REPORT_ROWS = settingDefault('reviewReportRows');

/**
 * How many reviews the printable report lists (REVIEW_REPORT_ROWS, 1 to 10,000; default 2,000).
 * Its figures and charts always cover every filtered review; the .xlsx has the rows beyond.
 */
export function reportRowLimit(env: Partial<Record<string, string>> = process.env): number {
  return setting('reviewReportRows', env);
}
