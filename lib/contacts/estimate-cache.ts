import type { ListQuery } from './schema';

/**
 * Totals over EXACT_COUNT_LIMIT are PostgreSQL's row estimate, shown as "about N". Learning that a
 * set is over the cap walks 10,001 index entries, and under load every view of a large list paid
 * that walk again for an answer that is approximate anyway (bench/RESULTS.md, issue 11). So such
 * totals are kept for a few seconds per merchant and filter set, in this process. Deleting
 * contacts forgets the merchant's (a set may drop under the cap, where totals are exact).
 */
const TTL_MS = 10_000;
const MAX_ENTRIES = 500;
const totals = new Map<string, { total: number; until: number }>();

/** The filters without the page: every page of one filtered list shares its total. */
export function estimateKey(merchantId: number, query: ListQuery): string {
  const { pageNum: _pageNum, pageSize: _pageSize, ...filters } = query;
  return `${merchantId}\n${JSON.stringify(filters, Object.keys(filters).sort())}`;
}

export function cachedEstimate(key: string, now: number): number | null {
  const hit = totals.get(key);
  if (!hit) return null;
  if (hit.until > now) return hit.total;
  totals.delete(key);
  return null;
}

export function rememberEstimate(key: string, total: number, now: number): void {
  // Oldest first out: a Map iterates in insertion order.
  if (totals.size >= MAX_ENTRIES) totals.delete(totals.keys().next().value as string);
  totals.set(key, { total, until: now + TTL_MS });
}

export function forgetEstimates(merchantId: number): void {
  for (const key of totals.keys()) if (key.startsWith(`${merchantId}\n`)) totals.delete(key);
}
