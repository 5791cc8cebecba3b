import type { Db } from '@/db/client';
import { CampaignStatus } from '@/db/schema/campaigns';
import { appUrl } from '@/lib/app-url';
import { DeliveryError } from '@/lib/messaging/types';
import { applyTimeRules, claimDueDeliveries, completeFinishedCampaigns, recoverStaleClaims, sendingDeadlines } from './claim';
import { consentSkipReason } from './eligibility';
import { loadJobs, type DeliveryJob } from './load-batch';
import { groupCommit, type GroupCommitOptions } from './group-commit';
import { commitAttemptsAndSent, type AttemptItem, type AttemptVerdict, type SentItem } from './attempts-and-sent';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS, recordFailed, recordNeedsReview, recordRetry, recordSkipped, releaseClaim } from './record-outcome';
import { renderEmail, renderSms } from './render-message';
import { startDueScheduledCampaigns } from './start-scheduled';
import { runWorkPool } from './work-pool';
import type { SendingTransports } from './transports';

export interface DispatchOptions {
  transports: SendingTransports;
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
  report.started = await startDueScheduledCampaigns(db, now());
  const recovered = await recoverStaleClaims(db, now(), options.staleAfterMs ?? 10 * 60_000);
  report.needsReview = recovered.review;
  report.requeued = recovered.requeued;
  const batchSize = options.batchSize ?? 200;
  // A batch: the time rules applied, due deliveries claimed, and everything their messages need read.
  const claimBatch = async (): Promise<ClaimedJob[]> => {
    await applyTimeRules(db, now(), options.tickMs ?? 5_000);
    const claimed = await claimDueDeliveries(db, now(), batchSize);
    report.claimed += claimed.length;
    if (!claimed.length) return [];
    const claimedAt = new Map(claimed.map((c) => [c.id, c.claimedAt]));
    const jobs = await loadJobs(db, claimed.map((c) => c.id), now());
    const deadlines = await sendingDeadlines(db, [...new Set(claimed.map((c) => c.campaignId))], now());
    return jobs.map((job) => ({ job, claim: { claimedAt: claimedAt.get(job.deliveryId) ?? new Date(0), deadline: deadlines.get(job.campaignId) ?? null } }));
  };
  const first = await claimBatch();
  if (first.length) {
    const started = performance.now();
    let lastBatchFull = first.length >= batchSize;
    const concurrency = options.concurrency ?? 8;
    const commits = roundCommits(db, now, { lingerMs: options.commitLingerMs ?? 10, maxItems: Math.ceil(concurrency / 2) });
    // A sent message's record rides on the next attempt markers while its worker already sends the
    // next one: a worker waits for its previous record only after that next handover. Every send
    // still waits for its own attempt marker, so a crash leaves at most two messages per worker
    // unrecorded (needs review).
    const settle = (deliveryId: number) => (outcome: Outcome) => {
      report[outcomeKey[outcome]]++;
      options.onOutcome?.(deliveryId, outcome);
    };
    await runWorkPool(first, {
      concurrency,
      work: async ({ job, claim }) => {
        const result = await deliver(db, job, claim, options, now, commits);
        const outcome = typeof result === 'string' ? Promise.resolve(result) : result.recorded.then(() => 'sent' as const);
        return { settled: outcome.then(settle(job.deliveryId)) };
      },
      flushTails: commits.flush,
      // The next batch is claimed while this one's last messages go out: the transport does not
      // wait for the database between batches (bench/RESULTS.md, issue 7).
      more: async () => {
        if (!lastBatchFull || !options.continueWhile?.(report, performance.now() - started)) return [];
        const next = await claimBatch();
        lastBatchFull = next.length >= batchSize;
        return next;
      },
    });
  }
  report.completed = await completeFinishedCampaigns(db, now());
  return report;
}

interface ClaimedJob {
  job: DeliveryJob;
  claim: { claimedAt: Date; deadline: Date | null };
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
 * transport (the round may have started long before): `deadline` is when the window closes or
 * quiet hours begin, and the attempt marker re-reads the status, so a pause takes effect for
 * every message not yet handed over.
 */
async function deliver(db: Db, job: DeliveryJob, claim: { claimedAt: Date; deadline: Date | null }, options: DispatchOptions, now: () => Date, commits: RoundCommits): Promise<Outcome | { recorded: Promise<void> }> {
  const { claimedAt } = claim;
  const gate = async (): Promise<Outcome | null> => {
    if (claim.deadline && now().getTime() >= claim.deadline.getTime()) {
      await releaseClaim(db, job.deliveryId, now());
      return 'released';
    }
    const verdict = await commits.attempt({ deliveryId: job.deliveryId, claimedAt });
    return verdict === 'ours' ? null : 'released';
  };
  if (job.campaignStatus !== CampaignStatus.SENDING) {
    await releaseClaim(db, job.deliveryId, now());
    return 'released';
  }
  if (!job.contactExists) {
    await recordSkipped(db, job.deliveryId, 'contact_deleted', now());
    return 'skipped';
  }
  const reason = consentSkipReason(job.channel, job.consent, job.scene) ?? (job.recentlyAsked ? 'frequency_cap' : null);
  if (reason) {
    await recordSkipped(db, job.deliveryId, reason, now());
    return 'skipped';
  }
  const { transports } = options;
  const render = { ...job.render, baseUrl: options.baseUrl ?? appUrl() };
  let messageId: string;
  try {
    if (job.channel === 'email') {
      const email = renderEmail(render, job.deliveryId);
      await transports.emailLimiter.take();
      const stop = await gate();
      if (stop) return stop;
      const result = await transports.email.send(db, {
        merchantId: job.merchantId,
        from: transports.from(job.merchantName),
        to: job.consent.email ?? '',
        replyTo: job.replyTo ?? undefined,
        ...email,
      });
      messageId = result.messageId;
    } else {
      const sms = renderSms(render);
      await transports.smsLimiter.take();
      const stop = await gate();
      if (stop) return stop;
      const result = await transports.sms.send(db, { merchantId: job.merchantId, to: job.consent.phone ?? '', body: sms.body });
      messageId = result.messageId;
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof DeliveryError && error.uncertain) {
      await recordNeedsReview(db, job.deliveryId, message, now());
      return 'review';
    }
    const temporary = error instanceof DeliveryError ? error.temporary : true;
    const delays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
    if (temporary && job.attempts < (options.retryDelaysMs ? delays.length + 1 : MAX_ATTEMPTS)) {
      const delay = delays[Math.min(job.attempts - 1, delays.length - 1)];
      await recordRetry(db, job.deliveryId, message, new Date(now().getTime() + delay), now());
      return 'retry';
    }
    await recordFailed(db, job.deliveryId, message, now());
    return 'failed';
  }
  // Outside the try: the message has left, so a failure to record it must never put the row back
  // in the queue (a second send). It stays `sending` with its attempt marker: needs review later.
  // The record is answered still pending (wrapped, or awaiting would flatten it): see dispatchOnce.
  return { recorded: commits.sent({ deliveryId: job.deliveryId, providerMessageId: messageId, at: now() }) };
}
