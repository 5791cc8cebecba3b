import type { Db } from '@/db/client';
import { CampaignStatus } from '@/db/schema/campaigns';
import { appUrl } from '@/lib/app-url';
import { AddressRejectedError, DeliveryError, TransportDownError, type EmailTransport, type SendResult, type SmsTransport } from '@/lib/messaging/types';
import { SMS_MAX_CHARACTERS } from '@/lib/templates/sms-segments';
import { applyTimeRules, claimDueDeliveries, completeFinishedCampaigns, recoverStaleClaims, sendingDeadlines } from './claim';
import { skipReason } from './eligibility';
import { loadJobs, type DeliveryJob } from './load-batch';
import { groupCommit, type GroupCommitOptions } from './group-commit';
import { commitAttemptsAndSent, type AttemptItem, type AttemptVerdict, type SentItem } from './attempts-and-sent';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS, recordFailed, recordNeedsReview, recordRetry, recordSkipped, releaseClaim, releaseUnsent, type ClaimRef } from './record-outcome';
import { createCircuitBreaker, type CircuitBreaker } from './circuit-breaker';
import { createFinalLanes, type FinalLane, type LaneTurn } from './final-lane';
import { storedContent, type SentContent } from './sent-content';
import { renderEmail, renderSms } from './render-message';
import { runWorkPool } from './work-pool';
import type { SendingTransports } from './transports';
import { countDeliveryOutcome } from '@/lib/observability/metrics';
import { markEmailStatus } from '@/lib/contacts/email-status';

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
  /** Messages in flight at once within a round. */
  concurrency?: number;
  /** The dispatcher's tick, used to pace batch campaigns across their window. */
  tickMs?: number;
  /**
   * How long an attempt marker may wait for others to share its statement (default 10 ms; up to
   * half the concurrency go at once). Workers have messages queued at the transport meanwhile.
   */
  commitLingerMs?: number;
  /**
   * SMTP messages that may be between their attempt marker and their sent record at once (default
   * 1): what a crash of this process can leave for review, traded against throughput
   * (final-lane.ts).
   */
  finalLanes?: number;
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

/** `review`: the transport failed after handing the message over (it may have left): needs review. */
export type Outcome = 'sent' | 'failed' | 'skipped' | 'retry' | 'released' | 'review';

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
  const concurrency = options.concurrency ?? 8;
  // In the long-running loop, a claim holds about CLAIM_SECONDS of sending at the rate this
  // process reaches, so merchants take turns every few seconds whatever the transport's speed.
  const paced = Boolean(options.continueWhile);
  let claimLimit = paced ? claimSizeFor(batchSize, concurrency, recentRate) : batchSize;
  const breakers = { email: breakerFor(options.transports.email), sms: breakerFor(options.transports.sms) };
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
    // E-mail over SMTP ends one message at a time through the final lane (final-lane.ts): a crash
    // leaves at most one e-mail unrecorded. SMS and the outbox are marked before the call, their
    // sent records riding on the next markers while the worker already sends the next one.
    const lane = createFinalLanes(options.finalLanes ?? 1, (attempts, sent) => commitAttemptsAndSent(db, attempts, sent, now()));
    const settle = (deliveryId: number) => (outcome: Outcome) => {
      settled++;
      report[outcomeKey[outcome]]++;
      options.onOutcome?.(deliveryId, outcome);
    };
    await runWorkPool(first, {
      concurrency,
      work: async ({ job, claim }) => {
        const result = await deliver(db, job, claim, options, now, commits, lane, breakers);
        const outcome = typeof result === 'string' ? Promise.resolve(result) : result.recorded.then(() => 'sent' as const);
        void outcome.then((o) => countDeliveryOutcome(job.channel, options.transports[job.channel].name, o), () => {});
        return { settled: outcome.then(settle(job.deliveryId)) };
      },
      flushTails: commits.flush,
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

interface Claim {
  claimToken: string;
  deadline: Date | null;
  /** This message is its transport's half-open probe (circuit-breaker.ts). */
  probe: boolean;
}

interface ClaimedJob {
  job: DeliveryJob;
  claim: Claim;
}

interface Breakers {
  email: CircuitBreaker;
  sms: CircuitBreaker;
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

/**
 * One claimed delivery. The campaign's status and time rules are checked again right before the
 * message is handed over (the round may have started long before): `deadline` is when the window
 * closes or quiet hours begin, and the attempt marker re-reads the status, so a pause takes effect
 * for every message not yet handed over.
 *
 * SMTP (a transport that holds the end): the content streams first and the marker is written in
 * the final lane just before the closing dot. Other transports: the marker is written before the
 * call.
 */
async function deliver(db: Db, job: DeliveryJob, claim: Claim, options: DispatchOptions, now: () => Date, commits: RoundCommits, lane: FinalLane, breakersOf: Breakers): Promise<Outcome | { recorded: Promise<void> }> {
  const ref: ClaimRef = { deliveryId: job.deliveryId, claimToken: claim.claimToken };
  const breaker = job.channel === 'email' ? breakersOf.email : breakersOf.sms;
  // Any way out before the transport is called gives a probe back.
  const early = (outcome: Outcome): Outcome => {
    if (claim.probe) breaker.returnProbe();
    return outcome;
  };
  const pastDeadline = () => Boolean(options.stopping?.() || (claim.deadline && now().getTime() >= claim.deadline.getTime()));
  if (job.campaignStatus !== CampaignStatus.SENDING || options.stopping?.()) {
    await releaseClaim(db, ref, now());
    return early('released');
  }
  if (job.templateMissing) {
    await recordFailed(db, ref, 'template_missing', now());
    return early('failed');
  }
  if (!job.contactExists) {
    await recordSkipped(db, ref, 'contact_deleted', now());
    return early('skipped');
  }
  const reason = skipReason(job.channel, { ...job.consent, recentlyAsked: job.recentlyAsked }, job.scene);
  if (reason) {
    await recordSkipped(db, ref, reason, now());
    return early('skipped');
  }
  // The transport went down after this batch was claimed: back to the queue, untouched.
  if (breaker.state() === 'open') {
    await releaseUnsent(db, ref, 'transport unavailable', now());
    return early('released');
  }
  const { transports } = options;
  const render = { ...job.render, baseUrl: options.baseUrl ?? appUrl() };
  const templateVersion = job.templateVersion;
  const attemptOf = (content: SentContent): AttemptItem => ({ ...ref, content: storedContent(job.merchantId, content), templateVersion });
  // undefined: no marker asked for yet; 'ours' / 'released' / null (not ours) once answered.
  let verdict: AttemptVerdict | null | undefined;
  let turn: LaneTurn | undefined;
  // The permission being asked (the lane entered): a send that fails meanwhile waits for it, so
  // its outcome is recorded knowing the marker's answer, and its turn is always left.
  let entering: Promise<boolean> | undefined;
  const gate = async (attempt: AttemptItem): Promise<boolean> => {
    if (pastDeadline()) {
      await releaseClaim(db, ref, now());
      verdict = 'released';
      return false;
    }
    verdict = await commits.attempt(attempt);
    return verdict === 'ours';
  };
  let result: SendResult;
  try {
    if (job.channel === 'email') {
      const email = renderEmail(render, job.deliveryId, job.merchantId);
      const attempt = attemptOf({ subject: email.subject, text: email.text, html: email.html });
      await transports.emailLimiter.take();
      const message = { merchantId: job.merchantId, from: transports.from(job.merchantName), to: job.consent.email ?? '', replyTo: job.replyTo ?? undefined, ...email };
      if (transports.email.holdsEnd) {
        result = await transports.email.send(db, message, {
          beforeEnd: () =>
            (entering = (async () => {
              if (pastDeadline()) {
                await releaseClaim(db, ref, now());
                verdict = 'released';
                return false;
              }
              // Asked again when the turn comes: the wait behind a slow server can outlast the stop.
              turn = await lane.enter(attempt, () => !pastDeadline());
              if (turn.withdrawn) {
                await releaseClaim(db, ref, now());
                verdict = 'released';
                return false;
              }
              verdict = turn.verdict;
              return verdict === 'ours';
            })()),
        });
      } else {
        if (!(await gate(attempt))) return early('released');
        result = await transports.email.send(db, message);
      }
    } else {
      const sms = renderSms(render);
      // Failed for good, not retried, before it takes a place in the send rate: the provider
      // would refuse it, or split it into dozens of paid parts.
      const characters = [...sms.body].length;
      if (characters > SMS_MAX_CHARACTERS) throw new DeliveryError(`sms too long: ${characters} characters, at most ${SMS_MAX_CHARACTERS}`, false);
      await transports.smsLimiter.take();
      if (!(await gate(attemptOf({ subject: null, text: sms.body, html: null })))) return early('released');
      result = await transports.sms.send(db, { merchantId: job.merchantId, to: job.consent.phone ?? '', body: sms.body });
    }
  } catch (error) {
    await entering?.catch(() => false);
    try {
      return await recordFailure(db, job, ref, error, verdict, breaker, options, now);
    } finally {
      // The lane is left only once the outcome is committed: at most one unrecorded marker.
      await turn?.leave();
    }
  }
  breaker.success();
  const sent = { ...ref, providerMessageId: result.messageId, at: now() };
  // Outside the try: the message has left, so a failure to record it must never put the row back
  // in the queue (a second send). It stays `sending` with its attempt marker: needs review later.
  // The record is answered still pending (wrapped, or awaiting would flatten it): see dispatchOnce.
  return { recorded: turn ? turn.leave(sent) : commits.sent(sent) };
}

/**
 * A transport call that failed. Refused by our own marker (campaign paused, claim lost, window
 * closed): nothing left, the row was already released. Uncertain (handed over, no final answer):
 * review. The transport down before anything was handed over: requeued at once, no attempt used.
 * Otherwise the server's answer decides: a retry with back-off, or failed.
 */
async function recordFailure(db: Db, job: DeliveryJob, ref: ClaimRef, error: unknown, verdict: AttemptVerdict | null | undefined, breaker: CircuitBreaker, options: DispatchOptions, now: () => Date): Promise<Outcome> {
  if (verdict !== undefined && verdict !== 'ours') return 'released';
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof TransportDownError) {
    breaker.failure();
    await releaseUnsent(db, ref, message, now());
    return 'released';
  }
  if (error instanceof DeliveryError && error.uncertain) {
    // Handed over, then no answer (a hung server, Twilio timing out): the message is in doubt, and
    // the transport is not well either. Counted against it, so a provider that hangs stops the
    // claims after a few messages instead of sending every claimed message into review.
    breaker.failure();
    await recordNeedsReview(db, ref, message, now());
    return 'review';
  }
  breaker.success();
  const temporary = error instanceof DeliveryError ? error.temporary : true;
  const delays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  if (temporary && job.attempts < (options.retryDelaysMs ? delays.length + 1 : MAX_ATTEMPTS)) {
    const delay = delays[Math.min(job.attempts - 1, delays.length - 1)];
    await recordRetry(db, ref, message, new Date(now().getTime() + delay), now());
    return 'retry';
  }
  await recordFailed(db, ref, message, now());
  // The server refused the address itself: later campaigns skip it (the eligibility rule's `bounced`).
  if (error instanceof AddressRejectedError) await markEmailStatus(db, { merchantId: job.merchantId, contactId: job.contactId }, 'bounced');
  return 'failed';
}
