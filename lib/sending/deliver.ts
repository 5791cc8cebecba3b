import type { Db } from '@/db/client';
import { CampaignStatus } from '@/db/schema/campaigns';
import { AddressRejectedError, DeliveryError, TransportDownError, type SendResult } from '@/lib/messaging/types';
import { SMS_MAX_CHARACTERS } from '@/lib/templates/sms-segments';
import { markEmailStatus } from '@/lib/contacts/email-status';
import { appUrl } from '@/lib/app-url';
import { skipReason } from './eligibility';
import type { DeliveryJob } from './load-batch';
import type { AttemptItem, AttemptVerdict, SentItem } from './attempts-and-sent';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS, recordFailed, recordNeedsReview, recordRetry, recordSkipped, releaseClaim, releaseUnsent, type ClaimRef } from './record-outcome';
import type { CircuitBreaker } from './circuit-breaker';
import type { EndGate, GateTurn } from './end-gate';
import type { Slots } from './slots';
import { storedContent, type SentContent } from './sent-content';
import { renderEmail, renderSms } from './render-message';
import type { SendingTransports } from './transports';

/** `review`: the transport failed after handing the message over (it may have left): needs review. */
export type Outcome = 'sent' | 'failed' | 'skipped' | 'retry' | 'released' | 'review';

export interface Claim {
  claimToken: string;
  deadline: Date | null;
  /** This message is its transport's half-open probe (circuit-breaker.ts). */
  probe: boolean;
}

/** What one round gives every message it sends. */
export interface Round {
  db: Db;
  now: () => Date;
  transports: SendingTransports;
  baseUrl?: string;
  retryDelaysMs?: number[];
  stopping?: () => boolean;
  /** Markers and records of messages marked before their call, group-committed (dispatcher.ts). */
  commits: {
    attempt: (item: AttemptItem) => Promise<AttemptVerdict | null>;
    sent: (item: SentItem) => Promise<void>;
  };
  /** Where e-mails whose transport holds the end wait for their markers (end-gate.ts). */
  gate: EndGate;
  /** SMS requests in flight (each one's marker to its record). */
  smsSlots: Slots;
  breakers: { email: CircuitBreaker; sms: CircuitBreaker };
}

/** An outcome now, or a message sent whose record is still being committed. */
export type Delivered = Outcome | { recorded: Promise<void> };

/**
 * One claimed delivery, through its steps:
 *
 *   claimed -> streamed -> marked -> ended -> recorded
 *
 * - claimed: checked again right before the transport (campaign status, template, contact,
 *   consent, the transport's breaker); any refusal records its outcome or releases the claim.
 * - streamed: an SMTP message's content is on its connection, its closing dot held (a transport
 *   that holds the end); other transports skip this step.
 * - marked: the attempt marker is committed, with the content sent. Never before: a deadline (window
 *   closing, quiet hours, the process stopping) or a paused campaign releases the claim instead.
 * - ended: the message's end went out (the dot, the HTTP request); the server's answer came.
 * - recorded: the sent record committed (riding on other messages' markers).
 *
 * Every way out before `marked` is one step, `release`: the claim goes back to the queue untouched;
 * so is a marked e-mail whose end is declined (the stop or a deadline came while it streamed: the
 * server drops an unterminated message). Every other failure after `marked` is `recordFailure`:
 * the server's answer decides retry, failure or review.
 */
export async function deliver(round: Round, job: DeliveryJob, claim: Claim): Promise<Delivered> {
  const message = new OneMessage(round, job, claim);
  const refused = await message.checkClaimed();
  if (refused) return message.giveProbeBack(refused);
  try {
    const result = await message.handOver();
    if (!result) return message.giveProbeBack('released');
    return message.sent(result);
  } catch (error) {
    return message.failed(error);
  }
}

class OneMessage {
  private readonly ref: ClaimRef;
  private readonly breaker: CircuitBreaker;
  /** undefined: no marker asked for yet; 'ours' / 'released' / null (not ours) once answered. */
  private verdict: AttemptVerdict | null | undefined;
  /** The end gate's turn (held end): left once the outcome is committed. */
  private turn: GateTurn | undefined;
  /** The marker being asked for from inside the transport: a failing send waits for its answer. */
  private marking: Promise<boolean> | undefined;
  /** An SMS slot is held (its marker to its record). */
  private holdsSlot = false;
  /** Marked, then its end declined (a deadline or the stop came first): the server never had it. */
  private declinedEnd = false;

  constructor(
    private readonly round: Round,
    private readonly job: DeliveryJob,
    private readonly claim: Claim,
  ) {
    this.ref = { deliveryId: job.deliveryId, claimToken: claim.claimToken };
    this.breaker = job.channel === 'email' ? round.breakers.email : round.breakers.sms;
  }

  /** The checks of a claimed message; an outcome when it must not be sent (already recorded). */
  async checkClaimed(): Promise<Outcome | null> {
    const { db, now } = this.round;
    const { job } = this;
    if (job.campaignStatus !== CampaignStatus.SENDING || this.round.stopping?.()) return this.release().then(() => 'released' as const);
    if (job.templateMissing) {
      await recordFailed(db, this.ref, 'template_missing', now());
      return 'failed';
    }
    if (!job.contactExists) {
      await recordSkipped(db, this.ref, 'contact_deleted', now());
      return 'skipped';
    }
    const reason = skipReason(job.channel, { ...job.consent, recentlyAsked: job.recentlyAsked }, job.scene);
    if (reason) {
      await recordSkipped(db, this.ref, reason, now());
      return 'skipped';
    }
    // The transport went down after this batch was claimed: back to the queue, untouched.
    if (this.breaker.state() === 'open') {
      await releaseUnsent(db, this.ref, 'transport unavailable', now());
      return 'released';
    }
    return null;
  }

  /** Any way out before the transport is called gives the breaker's probe back. */
  giveProbeBack(outcome: Outcome): Outcome {
    if (this.claim.probe) this.breaker.returnProbe();
    return outcome;
  }

  /** streamed -> marked -> ended: the transport's answer, or null when the claim was released. */
  async handOver(): Promise<SendResult | null> {
    const { transports, db } = this.round;
    const render = { ...this.job.render, baseUrl: this.round.baseUrl ?? appUrl() };
    if (this.job.channel === 'email') {
      const email = renderEmail(render, this.job.deliveryId, this.job.merchantId);
      const attempt = this.attemptOf({ subject: email.subject, text: email.text, html: email.html });
      await transports.emailLimiter.take();
      const message = { merchantId: this.job.merchantId, from: transports.from(this.job.merchantName), to: this.job.consent.email ?? '', replyTo: this.job.replyTo ?? undefined, ...email };
      if (transports.email.holdsEnd) {
        // streamed: the transport asks at the closing dot.
        return transports.email.send(db, message, {
          beforeEnd: () => (this.marking = this.mark(attempt, 'gate')),
          // Marked when its connection took it, the message still ends only before a deadline or
          // the process's stop: otherwise it is abandoned unterminated and put back (released).
          atEnd: () => {
            this.declinedEnd = this.pastDeadline();
            return !this.declinedEnd;
          },
        });
      }
      if (!(await this.mark(attempt, 'group'))) return null;
      return transports.email.send(db, message);
    }
    const sms = renderSms(render);
    // Failed for good, not retried, before it takes a place in the send rate: the provider would
    // refuse it, or split it into dozens of paid parts.
    const characters = [...sms.body].length;
    if (characters > SMS_MAX_CHARACTERS) throw new DeliveryError(`sms too long: ${characters} characters, at most ${SMS_MAX_CHARACTERS}`, false);
    await transports.smsLimiter.take();
    await this.round.smsSlots.take();
    this.holdsSlot = true;
    if (!(await this.mark(this.attemptOf({ subject: null, text: sms.body, html: null }), 'group'))) {
      this.giveSlotBack();
      return null;
    }
    return transports.sms.send(db, { merchantId: this.job.merchantId, to: this.job.consent.phone ?? '', body: sms.body });
  }

  /** ended -> recorded: the record rides on the next markers; the answer is left pending. */
  sent(result: SendResult): Delivered {
    this.breaker.success();
    const sent = { ...this.ref, providerMessageId: result.messageId, at: this.round.now() };
    // The message has left: a failure to record it must never put the row back in the queue (a
    // second send). It stays `sending` with its marker and goes to review later.
    const recorded = this.turn ? this.turn.leave(sent) : this.round.commits.sent(sent);
    // Given back once the record waits in the group: the next marker commits with it.
    this.giveSlotBack();
    return { recorded };
  }

  /** A transport call that failed, its outcome committed before the gate or slot is left. */
  async failed(error: unknown): Promise<Outcome> {
    await this.marking?.catch(() => false);
    try {
      if (this.declinedEnd) return await this.release().then(() => 'released' as const);
      return await recordFailure(this.round, this.job, this.ref, error, this.verdict, this.breaker);
    } finally {
      await this.turn?.leave();
      this.giveSlotBack();
    }
  }

  /**
   * The attempt marker, through the end gate (held end: grouped with every message at its end) or
   * the round's group commit (marked before the call). Never after a deadline or once stopping:
   * asked again when the marker is about to be written, as the wait can outlast either.
   */
  private async mark(attempt: AttemptItem, via: 'gate' | 'group'): Promise<boolean> {
    if (this.pastDeadline()) return this.release();
    if (via === 'gate') {
      this.turn = await this.round.gate.enter(attempt, () => !this.pastDeadline());
      if (this.turn.withdrawn) return this.release();
      this.verdict = this.turn.verdict;
    } else {
      this.verdict = await this.round.commits.attempt(attempt);
    }
    return this.verdict === 'ours';
  }

  /** The one way out before a marker: the claim back to the queue, untouched. */
  private async release(): Promise<false> {
    await releaseClaim(this.round.db, this.ref, this.round.now());
    this.verdict = 'released';
    return false;
  }

  private pastDeadline(): boolean {
    const { deadline } = this.claim;
    return Boolean(this.round.stopping?.() || (deadline && this.round.now().getTime() >= deadline.getTime()));
  }

  private attemptOf(content: SentContent): AttemptItem {
    return { ...this.ref, content: storedContent(this.job.merchantId, content), templateVersion: this.job.templateVersion };
  }

  private giveSlotBack(): void {
    if (!this.holdsSlot) return;
    this.holdsSlot = false;
    this.round.smsSlots.give();
  }
}

/**
 * A transport call that failed. Refused by our own marker (campaign paused, claim lost, window
 * closed): nothing left, the row was already released. Uncertain (handed over, no final answer):
 * review. The transport down before anything was handed over: requeued at once, no attempt used.
 * Otherwise the server's answer decides: a retry with back-off, or failed.
 */
async function recordFailure(round: Round, job: DeliveryJob, ref: ClaimRef, error: unknown, verdict: AttemptVerdict | null | undefined, breaker: CircuitBreaker): Promise<Outcome> {
  const { db, now } = round;
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
  const delays = round.retryDelaysMs ?? RETRY_DELAYS_MS;
  if (temporary && job.attempts < (round.retryDelaysMs ? delays.length + 1 : MAX_ATTEMPTS)) {
    const delay = delays[Math.min(job.attempts - 1, delays.length - 1)];
    await recordRetry(db, ref, message, new Date(now().getTime() + delay), now());
    return 'retry';
  }
  await recordFailed(db, ref, message, now());
  // The server refused the address itself: later campaigns skip it (the eligibility rule's `bounced`).
  if (error instanceof AddressRejectedError) await markEmailStatus(db, { merchantId: job.merchantId, contactId: job.contactId }, 'bounced');
  return 'failed';
}
