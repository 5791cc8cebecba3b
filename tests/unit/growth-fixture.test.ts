import { describe, expect, it } from 'vitest';
import { FLAT_AT_4X, LINEAR_AT_4X, timeAgainst, timeGrowth } from '@/tests/fixtures/growth';

/**
 * The timing checks of the blow-up tests (tests/fixtures/growth.ts) must tell linear work from
 * quadratic, and flat from linear, on a machine however busy: both sizes are slowed alike.
 */
/** Linear: n rows written and joined (allocation-heavy work, as a parser's). */
const rows = (n: number) => Array.from({ length: n }, (_, i) => `row ${i}`).join('\n').length;
/** Quadratic: each of n values looked for among those kept so far. */
const distinct = (n: number) => {
  const kept: number[] = [];
  for (let i = 0; i < n; i++) if (!kept.includes(i)) kept.push(i);
  return kept.length;
};

describe('timeGrowth and timeAgainst', () => {
  it('pass linear work and fail quadratic work at four times the size', async () => {
    const linear = await timeGrowth(rows, 100_000);
    expect(linear.ratio, String(linear)).toBeLessThan(LINEAR_AT_4X);
    const quadratic = await timeGrowth(distinct, 3_000);
    expect(quadratic.ratio, String(quadratic)).toBeGreaterThan(LINEAR_AT_4X);
  });

  it('pass work that does not grow with the size as flat', async () => {
    // (Linear work measured 2x to 6x here under a load of 20 on two cores: flat against linear is
    // a coarser distinction than linear against quadratic, 9x to 70x.)
    const flat = await timeGrowth(() => rows(100_000), 1);
    expect(flat.ratio, String(flat)).toBeLessThan(FLAT_AT_4X);
  });

  it('compare a task with a reference of known cost', async () => {
    const cost = await timeAgainst(() => rows(400_000), () => rows(100_000));
    expect(cost.ratio, String(cost)).toBeGreaterThan(1.5);
    expect(cost.ratio, String(cost)).toBeLessThan(LINEAR_AT_4X);
  });
});
