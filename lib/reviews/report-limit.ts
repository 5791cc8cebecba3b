/** Reviews the printable report lists by default: a printed table longer than this helps nobody. */
export const DEFAULT_REPORT_ROWS = 2000;

/**
 * How many reviews the printable report lists (REVIEW_REPORT_ROWS, 1 to 10,000; default 2,000).
 * Its figures and charts always cover every filtered review; the .xlsx has the rows beyond.
 */
export function reportRowLimit(env: Partial<Record<string, string>> = process.env): number {
  const value = Number(env.REVIEW_REPORT_ROWS);
  return Number.isInteger(value) && value >= 1 && value <= 10_000 ? value : DEFAULT_REPORT_ROWS;
}
