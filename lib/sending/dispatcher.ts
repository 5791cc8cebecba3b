import type { Db } from '@/db/client';
import type { EmailTransport, SmsTransport } from '@/lib/messaging/types';
import { applyTimeRules, claimDueDeliveries, completeFinishedCampaigns, recoverStaleClaims, sendingDeadlines } from './claim';
import { loadJobs, type DeliveryJob } from './load-batch';
import { groupCommit, type GroupCommitOptions } from './group-commit';
import { commitAttemptsAndSent, type AttemptItem, type AttemptVerdict, type SentItem } from './attempts-and-sent';
import { createCircuitBreaker, type CircuitBreaker } from './circuit-breaker';
import { createEndGate } from './end-gate';
import { createSlots } from './slots';
import { deliver, type Claim, type Outcome } from './deliver';
import { runWorkPool } from './work-pool';
import type { SendingTransports } from './transports';
import { countDeliveryOutcome } from '@/lib/observability/metrics';

export type { Outcome } from './deliver';

export interface DispatchOptions {
  transports: SendingTransports;
  /**
   * Starts the scheduled campaigns whose time has come (lib/campaigns/start-scheduled.ts), once
   * per round before claiming; answers how many started. Given by the caller so that the engine
   * does not depend on the campaigns domain.
   */
  startDueScheduledCampaigns: (db: Db, now: Date) => Promise<number>;
  now?: () => Date;
  /** Deliveries claimed per batch. */
  batchSize?: number;
  /**
   * Messages in flight at once within a round (default: twice the e-mail transport's connections,
   * so each has the next message rendered and waiting, plus the SMS requests in flight).
   */
  concurrency?: number;
  /** SMS requests in flight at once (default the SMS transport's `maxInFlight`, else 10). */
  smsInFlight?: number;
  /** The dispatcher's tick, used to pace batch campaigns across their window. */
  tickMs?: number;
  /**
   * How long an attempt marker may wait for others to share its statement (default 10 ms; up to
   * half the concurrency go at once). Workers have messages queued at the transport meanwhile.
   */
  commitLingerMs?: number;
  /** A delivery `sending` for longer than this was left by a dead dispatcher. */
  staleAfterMs?: number;
  baseUrl?: string;
  /** Back-off of temporary failures (default RETRY_DELAYS_MS); its length + 1 attempts in all. */
  retryDelaysMs?: number[];
  /**
   * Whether this call claims another batch after a full one (asked while the batch's second half
   * goes out, so the next is ready when it ends); default one batch per call. The worker loop
   * goes on for a tick; startDue, review and completion run once per call.
   */
  continueWhile?: (report: DispatchReport, elapsedMs: number) => boolean;
  /** Called after each delivery's outcome is committed (tests and the fault script use it). */
  onOutcome?: (deliveryId: number, outcome: Outcome) => void;
  /**
   * The process is stopping (SIGTERM): claimed messages not yet past their attempt marker go back
   * to the queue, released like a closed window; those past it finish and are recorded.
   */
  stopping?: () => boolean;
}

export interface DispatchReport {
  started: number;
  claimed: number;
  sent: number;
  failed: number;
  skipped: number;
  retried: number;
  released: number;
  needsReview: number;
  requeued: number;
  completed: number;
}

/**
 * One round of the sending engine: start due scheduled campaigns, review deliveries a dead
 * dispatcher left behind, apply every campaign's window and quiet hours, claim a batch, send it
 * (and further batches while `continueWhile` says so), and complete the campaigns with nothing
 * left. Safe to run in any number of processes at once.
 */
export async function dispatchOnce(db: Db, options: DispatchOptions): Promise<DispatchReport> {
  const now = options.now ?? (() => new Date());
  const report: DispatchReport = { started: 0, claimed: 0, sent: 0, failed: 0, skipped: 0, retried: 0, released: 0, needsReview: 0, requeued: 0, completed: 0 };
  report.started = await options.startDueScheduledCampaigns(db, now());
  const recovered = await recoverStaleClaims(db, now(), options.staleAfterMs ?? 10 * 60_000);
  report.needsReview = recovered.review;
  report.requeued = recovered.requeued;
  const batchSize = options.batchSize ?? 200;
  const { transports } = options;
  // At most one unconfirmed message per open connection or SMS request in flight when the process
  // dies (end-gate.ts, deliver.ts): the pool sizes are the bound.
  const emailConnections = transports.email.connections ?? 1;
  const smsInFlight = options.smsInFlight ?? transports.sms.maxInFlight ?? 10;
  const concurrency = options.concurrency ?? 2 * emailConnections + smsInFlight;
  // In the long-running loop, a claim holds about CLAIM_SECONDS of sending at the rate this
  // process reaches, so merchants take turns every few seconds whatever the transport's speed.
  const paced = Boolean(options.continueWhile);
  let claimLimit = paced ? claimSizeFor(batchSize, concurrency, recentRate) : batchSize;
  const breakers: { email: CircuitBreaker; sms: CircuitBreaker } = { email: breakerFor(options.transports.email), sms: breakerFor(options.transports.sms) };
  // A batch: the time rules applied, due deliveries claimed (none of a channel whose transport is
  // down; one probe when its breaker is half-open), and everything their messages need read.
  const claimBatch = async (): Promise<ClaimedJob[]> => {
    await applyTimeRules(db, now(), options.tickMs ?? 5_000);
    const open: number[] = [];
    const probes: number[] = [];
    for (const [channel, breaker] of [[0, breakers.email], [1, breakers.sms]] as const) {
      const state = breaker.state();
      if (state === 'closed') open.push(channel);
      else if (state === 'half-open' && breaker.takeProbe()) probes.push(channel);
    }
    const claimed = open.length ? await claimDueDeliveries(db, now(), claimLimit, { channels: open }) : [];
    const probing = new Set<number>();
    for (const channel of probes) {
      const [probe] = await claimDueDeliveries(db, now(), 1, { channels: [channel] });
      if (probe) {
        claimed.push(probe);
        probing.add(probe.id);
      } else (channel === 0 ? breakers.email : breakers.sms).returnProbe();
    }
    report.claimed += claimed.length;
    if (!claimed.length) return [];
    const byId = new Map(claimed.map((c) => [c.id, c]));
    const jobs = await loadJobs(db, claimed.map((c) => c.id), now());
    const deadlines = await sendingDeadlines(db, [...new Set(claimed.map((c) => c.campaignId))], now());
    return jobs.map((job) => ({
      job,
      claim: { claimToken: byId.get(job.deliveryId)?.claimToken ?? '', deadline: deadlines.get(job.campaignId) ?? null, probe: probing.has(job.deliveryId) },
    }));
  };
  const first = await claimBatch();
  if (first.length) {
    const started = performance.now();
    let lastBatchFull = first.length >= claimLimit;
    let settled = 0;
    const commits = roundCommits(db, now, { lingerMs: options.commitLingerMs ?? 10, maxItems: Math.ceil(concurrency / 2) });
    // E-mail over SMTP asks the gate for its marker when a connection takes it, one statement
    // marking every message asking, and its end waits for its own (end-gate.ts). SMS and the outbox
    // are marked before the call, their sent records riding on the next markers while the worker
    // already sends the next one.
    const gate = createEndGate(emailConnections, (attempts, sent) => commitAttemptsAndSent(db, attempts, sent, now()));
    const round = { db, now, transports, baseUrl: options.baseUrl, retryDelaysMs: options.retryDelaysMs, stopping: options.stopping, commits, gate, smsSlots: createSlots(smsInFlight), breakers };
    const settle = (deliveryId: number) => (outcome: Outcome) => {
      settled++;
      report[outcomeKey[outcome]]++;
      options.onOutcome?.(deliveryId, outcome);
    };
    await runWorkPool(first, {
      concurrency,
      work: async ({ job, claim }) => {
        const result = await deliver(round, job, claim);
        const outcome = typeof result === 'string' ? Promise.resolve(result) : result.recorded.then(() => 'sent' as const);
        void outcome.then((o) => countDeliveryOutcome(job.channel, options.transports[job.channel].name, o), () => {});
        return { settled: outcome.then(settle(job.deliveryId)) };
      },
      flushTails: () => {
        commits.flush();
        gate.flush();
      },
      // The next batch is claimed while this one's last messages go out: the transport does not
      // wait for the database between batches (bench/RESULTS.md, issue 7).
      more: async () => {
        if (!lastBatchFull || !options.continueWhile?.(report, performance.now() - started)) return [];
        recentRate = measuredRate(settled, performance.now() - started) ?? recentRate;
        claimLimit = claimSizeFor(batchSize, concurrency, recentRate);
        const next = await claimBatch();
        lastBatchFull = next.length >= claimLimit;
        return next;
      },
    });
    if (paced) recentRate = measuredRate(settled, performance.now() - started) ?? recentRate;
  }
  report.completed = await completeFinishedCampaigns(db, now());
  return report;
}

/**
 * Found from outside: a claim of 200 rows, all of one merchant's big campaign while it was alone,
 * went out before the next claim gave a merchant that came later its turn: 4-6 s at 50 messages a
 * second, about a minute behind an SMTP server taking 250 ms a message. A claim now holds about
 * this much sending at the rate the process last reached (never fewer than its concurrency, never
 * more than the batch size), so the wait stays near it at any speed.
 */
const CLAIM_SECONDS = 2;
/** Messages a second this process last settled (null before its first measured round). */
let recentRate: number | null = null;

function claimSizeFor(batchSize: number, concurrency: number, rate: number | null): number {
  // Before any measure (a fresh process): a few rounds of the pool, not a whole batch.
  if (rate === null) return Math.min(batchSize, concurrency * 4);
  return Math.max(Math.min(concurrency, batchSize), Math.min(batchSize, Math.ceil(rate * CLAIM_SECONDS)));
}

/** Messages a second over a stretch long enough to mean something (half a second, a few messages). */
function measuredRate(settled: number, elapsedMs: number): number | null {
  return elapsedMs >= 500 && settled >= 4 ? (settled * 1000) / elapsedMs : null;
}

interface ClaimedJob {
  job: DeliveryJob;
  claim: Claim;
}

/** One breaker per transport and process. */
const breakerByTransport = new WeakMap<EmailTransport | SmsTransport, CircuitBreaker>();
function breakerFor(transport: EmailTransport | SmsTransport): CircuitBreaker {
  let breaker = breakerByTransport.get(transport);
  if (!breaker) breakerByTransport.set(transport, (breaker = createCircuitBreaker()));
  return breaker;
}

const outcomeKey = { sent: 'sent', failed: 'failed', skipped: 'skipped', retry: 'retried', released: 'released', review: 'needsReview' } as const;

interface RoundCommits {
  /** The attempt marker: 'ours' to go ahead, 'released' when the campaign stopped sending, null when the claim was lost. */
  attempt: (item: AttemptItem) => Promise<AttemptVerdict | null>;
  /** The sent record: rides on the next markers' statement. */
  sent: (item: SentItem) => Promise<void>;
  /** Writes the records still waiting (a worker awaiting its own, the end of the round). */
  flush: () => void;
}

type RoundItem = { attempt: AttemptItem } | { sent: SentItem };

/**
 * The two writes every message needs, group-committed into one statement: with N messages in
 * flight, one statement serves about N/2 markers and N/2 records instead of one statement each
 * (bench/sending-email.ts). Each send awaits its own attempt marker first, so the exactly-once
 * order is unchanged.
 */
function roundCommits(db: Db, now: () => Date, grouping: GroupCommitOptions): RoundCommits {
  const commit = groupCommit(async (items: RoundItem[]) => {
    const attempts = items.flatMap((i) => ('attempt' in i ? [i.attempt] : []));
    const sent = items.flatMap((i) => ('sent' in i ? [i.sent] : []));
    const verdicts = await commitAttemptsAndSent(db, attempts, sent, now());
    return items.map((i) => ('attempt' in i ? (verdicts.get(i.attempt.deliveryId) ?? null) : null));
  }, grouping);
  return {
    attempt: (attempt) => commit.now({ attempt }),
    sent: async (sent) => void (await commit.ride({ sent })),
    flush: commit.flush,
  };
}
