import type { Db } from '@/db/client';

export interface EmailMessage {
  /** The merchant on whose behalf it is sent; null/undefined for product mail (codes, links). */
  merchantId?: number | null;
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
  /** Mail on a merchant's behalf: its name, shown in From on our sending address (from-header.ts). */
  fromName?: string;
  /** Extra headers (List-Unsubscribe, ...). */
  headers?: Record<string, string>;
  /**
   * Sign with this DKIM key (lib/deliverability/dkim-keys.ts `dkimSigningFor`): mail sent as a
   * merchant's domain that publishes our selector. The outbox ignores it.
   */
  dkim?: { domainName: string; keySelector: string; privateKey: string };
}

export interface SmsMessage {
  merchantId?: number | null;
  /** E.164. */
  to: string;
  body: string;
}

export interface SendResult {
  /** Which transport took the message ('smtp', 'outbox', 'twilio'). */
  transport: string;
  /** The transport's id of the message (SMTP Message-ID, outbox-<id>, a Twilio SID). */
  messageId: string;
  /** The outbox row, when the outbox took it. */
  outboxId?: number;
}

/**
 * A transport that can hold a message's end: the content goes to the server, and the step after
 * which the server may accept it (SMTP's closing dot) waits for `beforeEnd`, asked when the message
 * starts on its connection. Answered false (or `atEnd` false at the end), the message is abandoned
 * unterminated (the connection is reset) and `send` rejects.
 */
export interface HeldEnd {
  /** Asked when the message starts on its connection; the end waits for the answer. */
  beforeEnd: () => Promise<boolean>;
  /**
   * Asked right before the end goes, once `beforeEnd` said yes: false abandons the message
   * unterminated after all (the server never has it), and the caller puts it back.
   */
  atEnd?: () => boolean;
}

export interface EmailTransport {
  readonly name: string;
  /** True when `send` honours `held.beforeEnd` (SMTP); others are marked before they are called. */
  readonly holdsEnd?: boolean;
  /**
   * Connections it keeps open at once (SMTP's pool): the most messages that can wait at their end
   * together, and so the most a killed process can leave unconfirmed.
   */
  readonly connections?: number;
  send(db: Db, message: EmailMessage & { from: string }, held?: HeldEnd): Promise<SendResult>;
}

export interface SmsTransport {
  readonly name: string;
  /** Requests it may have in flight at once (Twilio: SMS_MAX_IN_FLIGHT); none: the dispatcher's default. */
  readonly maxInFlight?: number;
  send(db: Db, message: SmsMessage): Promise<SendResult>;
}

/**
 * A transport that could not hand the message over; `temporary` means a retry may succeed.
 * `uncertain`: the failure came after the message was handed over (no final answer to SMTP DATA, an
 * HTTP request sent but never answered), so the provider may have accepted it: never retried blindly.
 */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly temporary: boolean,
    readonly cause?: unknown,
    readonly uncertain = false,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

/**
 * The receiving server refused the address itself, for good (RCPT TO answered 550, 551 or 553,
 * with no enhanced status or a 5.1.x one: no such mailbox, bad address): the contact's e-mail is
 * marked bounced, so later campaigns skip it. Policy refusals (5.7.x) and a full mailbox are not this.
 */
export class AddressRejectedError extends DeliveryError {
  constructor(message: string, cause?: unknown) {
    super(message, false, cause);
    this.name = 'AddressRejectedError';
  }
}

/**
 * The transport itself could not be reached or would not take anything (connection refused,
 * connect or greeting timeout, a provider 5xx): nothing of this message was handed over. The
 * dispatcher requeues it without using an attempt and counts it toward the transport's circuit
 * breaker.
 */
export class TransportDownError extends DeliveryError {
  constructor(message: string, cause?: unknown) {
    super(message, true, cause);
    this.name = 'TransportDownError';
  }
}
