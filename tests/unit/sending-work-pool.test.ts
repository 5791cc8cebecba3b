import { describe, expect, it } from 'vitest';
import { runWorkPool } from '@/lib/sending/work-pool';

const tick = (ms = 1) => new Promise<void>((r) => setTimeout(r, ms));

describe('the work pool', () => {
  it('runs every item at most `concurrency` at a time and awaits every tail', async () => {
    let running = 0;
    let most = 0;
    const tails: number[] = [];
    await runWorkPool([1, 2, 3, 4, 5, 6, 7], {
      concurrency: 3,
      work: async (item) => {
        running++;
        most = Math.max(most, running);
        await tick();
        running--;
        return { settled: tick(3).then(() => void tails.push(item)) };
      },
      flushTails: () => {},
    });
    expect(most).toBe(3);
    expect(tails.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('asks for more once half the items have started, until an empty answer', async () => {
    const done: number[] = [];
    const askedAt: number[] = [];
    const batches = [[5, 6, 7, 8], [9], []];
    await runWorkPool([1, 2, 3, 4], {
      concurrency: 2,
      work: async (item) => {
        await tick();
        done.push(item);
        return { settled: Promise.resolve() };
      },
      flushTails: () => {},
      more: async () => {
        askedAt.push(done.length);
        await tick(2);
        return batches.shift() ?? [];
      },
    });
    expect(done.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(askedAt).toHaveLength(3);
    // Asked before the first items ran out: the pool never waited with nothing queued ahead.
    expect(askedAt[0]).toBeLessThan(4);
  });

  it('flushes a tail a worker must wait for (it would otherwise only ride on a later write)', async () => {
    let release: () => void = () => {};
    const riding = new Promise<void>((r) => (release = r));
    let flushed = 0;
    await runWorkPool([1], {
      concurrency: 1,
      work: async () => ({ settled: riding }),
      flushTails: () => {
        flushed++;
        release();
      },
    });
    expect(flushed).toBe(1);
  });

  it('starts nothing new after an error and throws the first one once the running items end', async () => {
    const started: number[] = [];
    const pool = runWorkPool([1, 2, 3, 4, 5], {
      concurrency: 2,
      work: async (item) => {
        started.push(item);
        await tick(item === 2 ? 1 : 10);
        if (item === 2) throw new Error('transport broke');
        return { settled: Promise.resolve() };
      },
      flushTails: () => {},
    });
    await expect(pool).rejects.toThrow('transport broke');
    expect(started).toEqual([1, 2]);
  });

  it('reports a failed tail (a record that did not commit)', async () => {
    await expect(
      runWorkPool([1, 2], {
        concurrency: 1,
        work: async (item) => ({ settled: item === 1 ? Promise.reject(new Error('record lost')) : Promise.resolve() }),
        flushTails: () => {},
      }),
    ).rejects.toThrow('record lost');
  });
});
