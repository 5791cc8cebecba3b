import type { Db } from '@/db/client';
import { recoverStaleClaims } from './claim';
import { dispatchOnce, type DispatchOptions, type DispatchReport } from './dispatcher';
import { settleSmsReviews } from './twilio-review';
import { subscribeToWakeups } from './wakeup';
import { errorFields, logger } from '@/lib/observability/logger';
import { startDispatchRoundTimer } from '@/lib/observability/metrics';
import { loggableMessage } from '@/lib/observability/logger';

export interface DispatchLoop {
  /** Starts a round at once when idle; a round in progress is followed at once by another. */
  wake(): void;
  /**
   * Stops claiming at once; resolves when the round in progress (if any) has finished: messages
   * past their attempt marker sent and recorded, the other claimed ones released to the queue.
   */
  stop(): Promise<void>;
}

export interface DispatchLoopOptions extends DispatchOptions {
  /** The idle poll: how long after a round without work the next one starts. */
  intervalMs?: number;
  onRound?: (report: DispatchReport) => void;
  /** Called once the wake-up subscription is in place (and again after each reconnect). */
  onListening?: () => void;
}

const SMS_REVIEW_EVERY_MS = 60_000;
const log = (what: string, error: unknown) => console.error(`[starloop] ${what}: ${loggableMessage(error)}`);

/**
 * Runs the dispatcher round after round: at once again while rounds find work or a wake-up came
 * (lib/sending/wakeup.ts: a campaign started or resumed), otherwise after `intervalMs`. Rounds
 * never overlap within a process; other processes share the work through row locks. Beside the
 * rounds, a timer of its own recovers stale claims, so rows a dead worker left `sending` come back
 * even while this process's round is stuck on a slow transport. An error is logged and the loop
 * goes on (a database restart heals by itself).
 */
export function startDispatchLoop(db: Db, options: DispatchLoopOptions): DispatchLoop {
  const intervalMs = options.intervalMs ?? 5_000;
  let stopped = false;
  let running = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  const schedule = (ms: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => (current = round()), ms);
  };
  const round = async () => {
    running = true;
    again = false;
    let busy = false;
    const roundEnded = startDispatchRoundTimer();
    let figures: DispatchReport | undefined;
    try {
      const tickMs = options.tickMs ?? intervalMs;
      // Batches follow each other within a round for up to a tick: the next is claimed while the
      // last messages of the one before go out.
      const report = await dispatchOnce(db, { ...options, tickMs, continueWhile: (_report, elapsedMs) => !stopped && elapsedMs < tickMs, stopping: () => stopped });
      options.onRound?.(report);
      figures = report;
      busy = report.claimed > 0;
    } catch (error) {
      logger.error({ event: 'dispatcher.round_failed', err: errorFields(error) }, 'dispatcher round failed');
    }
    roundEnded(figures ? { ...figures } : undefined);
    running = false;
    schedule(busy || again ? 0 : intervalMs);
  };
  const wake = () => {
    if (stopped) return;
    if (running) again = true;
    else schedule(0);
  };
  const maintenance = startMaintenance(db, options, wake);
  const wakeups = subscribeToWakeups(db, wake, options.onListening);
  schedule(0);
  return {
    wake,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await Promise.all([current, maintenance.stop(), wakeups.stop()]);
    },
  };
}

/**
 * Stale-claim recovery every max(1 s, staleAfter / 4) (and at least every minute), independent of
 * rounds; SMS reviews settled against Twilio on the same timer, at most every minute. Recovered
 * rows back in the queue wake the loop.
 */
function startMaintenance(db: Db, options: DispatchLoopOptions, wake: () => void): { stop(): Promise<void> } {
  const now = options.now ?? (() => new Date());
  const staleAfterMs = options.staleAfterMs ?? 10 * 60_000;
  const everyMs = Math.min(SMS_REVIEW_EVERY_MS, Math.max(1_000, staleAfterMs / 4));
  let stopped = false;
  let lastSmsReview = -Infinity;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  const run = async () => {
    try {
      const recovered = await recoverStaleClaims(db, now(), staleAfterMs);
      if (recovered.requeued > 0) wake();
    } catch (error) {
      log('stale-claim recovery failed', error);
    }
    if (performance.now() - lastSmsReview >= SMS_REVIEW_EVERY_MS) {
      lastSmsReview = performance.now();
      try {
        await settleSmsReviews(db, now());
      } catch (error) {
        log('SMS review check failed', error);
      }
    }
    if (!stopped) timer = setTimeout(() => (current = run()), everyMs);
  };
  timer = setTimeout(() => (current = run()), everyMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
