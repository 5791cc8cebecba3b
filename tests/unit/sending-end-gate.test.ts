import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createEndGate } from '@/lib/sending/end-gate';
import type { AttemptItem, AttemptVerdict, SentItem } from '@/lib/sending/attempts-and-sent';

/**
 * The end gate's bound, over generated schedules: `connections` senders each push messages through
 * it (enter, then end with a sent record, or fail and leave without one), while the "database"
 * commits each statement after a random delay, several at once. At every commit, the messages
 * with a committed marker and no committed record (what a crash would leave "to check") must not
 * exceed the capacity; every message must get through (no deadlock), and every record must commit.
 */
const attempt = (id: number): AttemptItem => ({ deliveryId: id, claimToken: 't', content: { hash: String(id), merchantId: 1, subject: null, text: '', html: null }, templateVersion: null });
const sentOf = (id: number): SentItem => ({ deliveryId: id, claimToken: 't', providerMessageId: `m${id}`, at: new Date(0) });
const pause = (ms: number) => new Promise<void>((resolve) => (ms ? setTimeout(resolve, ms) : setImmediate(resolve)));

describe('the end gate', () => {
  it('never lets more messages be unconfirmed than its capacity, and lets every one through', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.record({ commitMs: fc.integer({ min: 0, max: 3 }), sendMs: fc.integer({ min: 0, max: 3 }), fails: fc.boolean(), notOurs: fc.integer({ min: 0, max: 9 }) }), { minLength: 1, maxLength: 40 }),
        async (capacity, connections, plan) => {
          let committedUnconfirmed = 0;
          let worst = 0;
          let statements = 0;
          let step = 0;
          const ours = new Set<number>();
          const gate = createEndGate(capacity, async (attempts, sent) => {
            statements++;
            await pause(plan[step++ % plan.length].commitMs);
            // The statement commits here, atomically: its markers and its records at once.
            const verdicts = new Map<number, AttemptVerdict>();
            for (const a of attempts) {
              if (plan[a.deliveryId % plan.length].notOurs === 0) continue;
              verdicts.set(a.deliveryId, 'ours');
              ours.add(a.deliveryId);
              committedUnconfirmed++;
            }
            committedUnconfirmed -= sent.length;
            worst = Math.max(worst, committedUnconfirmed);
            return verdicts;
          });
          let next = 0;
          const recorded: Promise<void>[] = [];
          const sender = async () => {
            while (next < plan.length) {
              const id = next++;
              const turn = await gate.enter(attempt(id));
              if (turn.verdict !== 'ours') continue;
              await pause(plan[id].sendMs);
              if (plan[id].fails) {
                // The failure's own outcome is committed first (as the dispatcher does), then it leaves.
                committedUnconfirmed--;
                await turn.leave();
              } else recorded.push(turn.leave(sentOf(id)));
            }
          };
          await Promise.all(Array.from({ length: connections }, sender));
          gate.flush();
          await Promise.all(recorded);
          expect(worst).toBeLessThanOrEqual(capacity);
          expect(committedUnconfirmed).toBe(0);
          expect(gate.unconfirmed()).toBe(0);
          // Grouped: never more statements than messages plus records.
          expect(statements).toBeLessThanOrEqual(2 * plan.length);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('groups the markers of messages that arrive together into one statement', async () => {
    const sizes: number[] = [];
    const gate = createEndGate(20, async (attempts) => {
      sizes.push(attempts.length);
      await pause(2);
      return new Map(attempts.map((a) => [a.deliveryId, 'ours' as const]));
    });
    const turns = await Promise.all(Array.from({ length: 20 }, (_, i) => gate.enter(attempt(i))));
    // The first statement takes the first marker; the others gather while it runs.
    expect(sizes.length).toBeLessThanOrEqual(5);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(20);
    await Promise.all(turns.map((t, i) => t.leave(sentOf(i))));
  });

  it('turns a message away, unmarked, when its admission fails at its turn', async () => {
    const marked: number[] = [];
    const gate = createEndGate(1, async (attempts) => {
      marked.push(...attempts.map((a) => a.deliveryId));
      return new Map(attempts.map((a) => [a.deliveryId, 'ours' as const]));
    });
    const first = await gate.enter(attempt(1));
    let stopping = false;
    const second = gate.enter(attempt(2), () => !stopping);
    stopping = true;
    await first.leave(sentOf(1));
    const turn = await second;
    expect(turn.withdrawn).toBe(true);
    expect(marked).toEqual([1]);
  });
});
