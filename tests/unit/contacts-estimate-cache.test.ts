import { describe, expect, it } from 'vitest';
import { cachedEstimate, estimateKey, forgetEstimates, rememberEstimate } from '@/lib/contacts/estimate-cache';
import { listQuery } from '@/lib/contacts/schema';

describe('estimated totals of large contact lists', () => {
  const query = (input: Record<string, string>) => listQuery.parse(input);

  it('are shared by every page of one filter set, and not by another set or merchant', () => {
    const page1 = estimateKey(1, query({ emailOpt: 'in', pageNum: '1' }));
    expect(estimateKey(1, query({ pageNum: '500', emailOpt: 'in', pageSize: '50' }))).toBe(page1);
    expect(estimateKey(1, query({ emailOpt: 'out' }))).not.toBe(page1);
    expect(estimateKey(2, query({ emailOpt: 'in' }))).not.toBe(page1);
  });

  it('are kept ten seconds, and forgotten at once for the merchant whose contacts were deleted', () => {
    const mine = estimateKey(7, query({}));
    const theirs = estimateKey(8, query({}));
    rememberEstimate(mine, 600_000, 1_000);
    rememberEstimate(theirs, 20_000, 1_000);
    expect(cachedEstimate(mine, 10_999)).toBe(600_000);
    expect(cachedEstimate(mine, 11_000)).toBeNull();
    rememberEstimate(mine, 600_000, 20_000);
    forgetEstimates(7);
    expect(cachedEstimate(mine, 20_001)).toBeNull();
    expect(cachedEstimate(theirs, 10_000)).toBe(20_000);
  });
});
