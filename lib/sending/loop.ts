import type { Db } from '@/db/client';
import { dispatchOnce, type DispatchOptions, type DispatchReport } from './dispatcher';

export interface DispatchLoop {
  /** Resolves when the round in progress (if any) has finished; no new round starts. */
  stop(): Promise<void>;
}

/**
 * Runs the dispatcher round after round: at once again while rounds find work, otherwise after
 * `intervalMs`. Rounds never overlap within a process; other processes share the work through
 * row locks. An error is logged and the loop goes on (a database restart heals by itself).
 */
export function startDispatchLoop(db: Db, options: DispatchOptions & { intervalMs?: number; onRound?: (report: DispatchReport) => void }): DispatchLoop {
  const intervalMs = options.intervalMs ?? 5_000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  const round = async () => {
    let busy = false;
    try {
      const tickMs = options.tickMs ?? intervalMs;
      // Batches follow each other within a round for up to a tick: the next is claimed while the
      // last messages of the one before go out.
      const report = await dispatchOnce(db, { ...options, tickMs, continueWhile: (_report, elapsedMs) => !stopped && elapsedMs < tickMs });
      options.onRound?.(report);
      busy = report.claimed > 0;
    } catch (error) {
      console.error(`[starloop] dispatcher round failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!stopped) timer = setTimeout(() => (current = round()), busy ? 0 : intervalMs);
  };
  timer = setTimeout(() => (current = round()), 0);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}
