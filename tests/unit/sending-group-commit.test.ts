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
    const { groups, commit } = recorder({ lingerMs: 30, maxItems: 3 });
    const started = performance.now();
    const a = commit.now(1);
    const b = commit.now(2);
    expect(await Promise.all([a, b])).toEqual([2, 4]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
    expect(groups).toEqual([[1, 2]]);

    const full = performance.now();
    await Promise.all([commit.now(3), commit.now(4), commit.now(5)]);
    expect(performance.now() - full).toBeLessThan(25);
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

  it('with maxFlushes 2, starts a second group while the first runs, riders only with the first', async () => {
    const groups: number[][] = [];
    let inFlight = 0;
    let most = 0;
    const commit = groupCommit(
      async (items: number[]) => {
        groups.push([...items]);
        most = Math.max(most, ++inFlight);
        await new Promise((r) => setTimeout(r, 20));
        inFlight--;
        return items;
      },
      { maxFlushes: 2, maxItems: 2, lingerMs: 1000 },
    );
    const rider = commit.ride(100);
    const first = [commit.now(1), commit.now(2)];
    await new Promise((r) => setTimeout(r, 2));
    // The first flush (with the rider) is running: the next rider waits for it, the markers do not.
    const secondRider = commit.ride(200);
    const second = [commit.now(3), commit.now(4)];
    await new Promise((r) => setTimeout(r, 5));
    expect(groups).toEqual([[100, 1, 2], [3, 4]]);
    expect(most).toBe(2);
    // A third group waits until one of the two ends; the held rider goes with it.
    const third = [commit.now(5), commit.now(6)];
    expect(await Promise.all([rider, ...first, ...second, ...third, secondRider])).toEqual([100, 1, 2, 3, 4, 5, 6, 200]);
    expect(groups.at(-1)).toEqual([200, 5, 6]);
    expect(most).toBe(2);
  });

  it('with maxFlushes 2, a forced flush of riders waits for the riders already being written', async () => {
    const groups: number[][] = [];
    const commit = groupCommit(
      async (items: number[]) => {
        groups.push([...items]);
        await new Promise((r) => setTimeout(r, 10));
        return items;
      },
      { maxFlushes: 2 },
    );
    const a = commit.ride(1);
    commit.flush();
    const b = commit.ride(2);
    commit.flush();
    await new Promise((r) => setTimeout(r, 3));
    expect(groups).toEqual([[1]]);
    expect(await Promise.all([a, b])).toEqual([1, 2]);
    expect(groups).toEqual([[1], [2]]);
  });
});
