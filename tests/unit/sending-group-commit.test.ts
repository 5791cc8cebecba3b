import { describe, expect, it } from 'vitest';
import { groupCommit } from '@/lib/sending/group-commit';

/** A flush that records each group it was given and answers every item doubled. */
function recorder(options?: Parameters<typeof groupCommit>[1]) {
  const groups: number[][] = [];
  const commit = groupCommit(async (items: number[]) => {
    groups.push([...items]);
    await new Promise((r) => setTimeout(r, 5));
    return items.map((i) => i * 2);
  }, options);
  return { groups, commit };
}

describe('group commit', () => {
  it('flushes an urgent item at once without a linger, and groups what arrives during a flush', async () => {
    const { groups, commit } = recorder();
    const first = commit.now(1);
    const rest = [commit.now(2), commit.now(3)];
    expect(await first).toBe(2);
    expect(await Promise.all(rest)).toEqual([4, 6]);
    expect(groups).toEqual([[1], [2, 3]]);
  });

  it('lets riders wait for the next urgent item, or for flush()', async () => {
    const { groups, commit } = recorder();
    let rode = false;
    const rider = commit.ride(10).then((v) => ((rode = true), v));
    await new Promise((r) => setTimeout(r, 20));
    expect(rode).toBe(false);
    expect(groups).toEqual([]);
    await commit.now(1);
    expect(await rider).toBe(20);
    expect(groups).toEqual([[10, 1]]);

    const alone = commit.ride(7);
    commit.flush();
    expect(await alone).toBe(14);
    expect(groups.at(-1)).toEqual([7]);
  });

  it('lingers for more urgent items, up to maxItems', async () => {
    // A long linger against a bound of half of it: on a loaded machine (GC, the other worker) a 5 ms
    // flush can take longer than a short linger, so lingering or not must differ beyond such delays.
    const { groups, commit } = recorder({ lingerMs: 1_000, maxItems: 3 });
    const started = performance.now();
    const a = commit.now(1);
    const b = commit.now(2);
    expect(await Promise.all([a, b])).toEqual([2, 4]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
    expect(groups).toEqual([[1, 2]]);

    const full = performance.now();
    await Promise.all([commit.now(3), commit.now(4), commit.now(5)]);
    expect(performance.now() - full).toBeLessThan(500);
    expect(groups.at(-1)).toEqual([3, 4, 5]);
  });

  it('rejects every caller of a failed flush, and goes on with the next group', async () => {
    let fail = true;
    const commit = groupCommit(async (items: number[]) => {
      if (fail) throw new Error('database went away');
      return items;
    });
    const rider = commit.ride(1);
    await expect(commit.now(2)).rejects.toThrow('database went away');
    await expect(rider).rejects.toThrow('database went away');
    fail = false;
    expect(await commit.now(3)).toBe(3);
  });
});
