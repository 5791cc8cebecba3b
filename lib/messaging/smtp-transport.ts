import crypto from 'node:crypto';
import net from 'node:net';
import { Readable } from 'node:stream';
import nodemailer, { type Transporter } from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import DKIM from 'nodemailer/lib/dkim';
import type { Db } from '@/db/client';
import { AddressRejectedError, DeliveryError, TransportDownError, type EmailMessage, type EmailTransport, type HeldEnd, type SendResult } from './types';
import { setting } from '@/lib/config/settings';

// One pooled connection set per SMTP URL, reused across messages.
const transporters = new Map<string, Transporter>();

function transporterFor(url: string): Transporter {
  let transporter = transporters.get(url);
  if (!transporter) {
    transporter = nodemailer.createTransport(withTimeouts(pooledUrl(url)));
    const inner = transporter.transporter as { options?: { proxy?: unknown }; getSocket?: typeof noDelaySocket };
    // A proxy (`?proxy=`) brings its own socket; otherwise connect with Nagle off.
    if (!inner.options?.proxy) inner.getSocket = noDelaySocket;
    transporter.use('stream', watchHandover);
    keepResourceErrorsHeard(transporter);
    transporters.set(url, transporter);
  }
  return transporter;
}

/**
 * SMTP through nodemailer; SMTP_URL such as smtp://user:pass@host:587 or smtps://host:465.
 *
 * With `held` (the dispatcher's campaign mail), the message's end is held: after DATA the content
 * streams to the server, and the closing dot waits until `held.beforeEnd()` answers (the attempt
 * marker is committed). Answered false, the stream fails, nodemailer closes the connection and
 * the server drops the unterminated message.
 */
export function smtpTransport(url: string): EmailTransport {
  return {
    name: 'smtp',
    holdsEnd: true,
    connections: poolConnections(pooledUrl(url)),
    async send(_db: Db, message: EmailMessage & { from: string }, held?: HeldEnd): Promise<SendResult> {
      const transporter = transporterFor(url);
      let timer: NodeJS.Timeout | undefined;
      let settled = false;
      let fail: (error: Error) => void = () => {};
      const timeout = new Promise<never>((_, reject) => (fail = reject));
      const arm = (ms: number, error: () => Error) => {
        clearTimeout(timer);
        timer = setTimeout(() => fail(error()), ms);
      };
      const handover: Handover = {
        done: false,
        beforeEnd: held
          ? async () => {
              if (settled) return false;
              const go = await held.beforeEnd();
              // This send already failed (its connection lost, timed out) while the permission was
              // asked: the dot must not follow on whatever the stream is still attached to.
              if (settled) return false;
              if (!go) handover.abandoned = true;
              return go;
            }
          : undefined,
        // The dot goes now: from here the server's answer is awaited for a short time only. A send
        // that failed meanwhile must not end on whatever its stream is still attached to.
        ending: () => {
          if (settled) return false;
          // The dispatcher no longer wants it ended (its process is stopping, its window closed).
          if (held?.atEnd && !held.atEnd()) {
            handover.abandoned = true;
            return false;
          }
          arm(setting('smtpFinalReplyTimeoutMs'), () => new SendTimeout());
          return true;
        },
      };
      const names = messageNames(message.from);
      arm(setting('smtpSendTimeoutMs'), () => new SendTimeout());
      try {
        const sending = transporter.sendMail({
          from: message.from,
          to: message.to,
          replyTo: message.replyTo,
          subject: message.subject,
          html: message.html,
          text: message.text,
          headers: message.headers,
          ...names,
          handover,
          // Not nodemailer's own `dkim` option: its signer would sit after the hold (watchHandover).
          signWith: message.dkim,
        } as Mail.Options);
        // Whichever loses the race still settles later (a timed-out message's stream is abandoned
        // and nodemailer rejects it then): observed here, or it would be an unhandled rejection.
        sending.catch(() => {});
        timeout.catch(() => {});
        const info = await Promise.race([sending, timeout]);
        return { transport: 'smtp', messageId: String(info.messageId ?? '') };
      } catch (error) {
        if (handover.abandoned) throw new DeliveryError('smtp message abandoned before its end', true, error);
        if (error instanceof SendTimeout) {
          // nodemailer's pool can stall for good once the server cut its connections and refused
          // new ones (a restart): its messages never settle. Drop that pool; the next message opens
          // a fresh one, and this one is retried like any connection trouble.
          dropTransporter(url, transporter);
          if (handover.done) throw uncertain('smtp delivery timed out after the message was sent', error);
          throw new TransportDownError('smtp delivery timed out', error);
        }
        // A reply code is the server's own answer: 4xx may pass on a retry, 5xx will not. Without
        // one (timeout, connection lost), it matters whether the message had been handed over.
        const { responseCode: code, command, code: errorCode } = error as { responseCode?: number; command?: string; code?: string };
        if (!code && handover.done) throw uncertain(`smtp delivery failed after the message was sent: ${(error as Error).message}`, error);
        // The server could not be reached or would not talk (refused, connect or greeting timeout,
        // 421 at the greeting, the connection lost before the end): nothing was handed over.
        if (!handover.done && (command === 'CONN' || (!code && !MESSAGE_ERRORS.has(errorCode ?? '')))) {
          // A pool whose connections failed can keep its queued messages forever: the next
          // message (the breaker's probe) gets a fresh one; those queued here fail and go back.
          dropTransporter(url, transporter);
          throw new TransportDownError(`smtp server unavailable${code ? ` (${code})` : errorCode ? ` (${errorCode})` : ''}: ${(error as Error).message}`, error);
        }
        if (isAddressRejection(command, code, (error as { response?: string }).response)) throw new AddressRejectedError(`smtp address rejected (${code})`, error);
        throw new DeliveryError(`smtp delivery failed${code ? ` (${code})` : ''}`, !code || code < 500, error);
      } finally {
        settled = true;
        clearTimeout(timer);
      }
    },
  };
}

/**
 * nodemailer's pool listens for a connection's first 'error' only (`once`). A connection the
 * server cut can still fail its message later (a held end abandoned, a send timed out), and that
 * second 'error' event, unheard, would be thrown from nodemailer's callback: an uncaught exception
 * that ends the process. Every pooled connection gets a listener of its own; the message's failure
 * still reaches its sender through the send callback.
 */
function keepResourceErrorsHeard(transporter: Transporter): void {
  const pool = transporter.transporter as { _createConnection?: () => { on(event: 'error', listener: () => void): void } };
  const create = pool._createConnection?.bind(pool);
  if (!create) return;
  pool._createConnection = () => {
    const connection = create();
    connection.on('error', () => {});
    return connection;
  };
}

function dropTransporter(url: string, transporter: Transporter): void {
  if (transporters.get(url) === transporter) transporters.delete(url);
  transporter.close();
}

/**
 * nodemailer's codes for a failure of the message itself (no recipients, a bad address, its
 * stream): not the server's absence. Any other failure without a reply before the end was handed
 * over is the connection's (refused, timed out, lost, the pool closed).
 */
const MESSAGE_ERRORS = new Set(['EENVELOPE', 'EMESSAGE', 'ESTREAM']);


/**
 * The message's Message-ID and MIME boundary base, from one `randomUUID` (drawn from a pooled
 * entropy buffer). Left to nodemailer they took eight `randomBytes` calls per message (five for the
 * Message-ID, one per MIME part), about 35 us of a campaign message's CPU (bench/RESULTS.md, issue
 * 7). Same form as nodemailer's: a UUID at the sender's domain; replies thread into the inbox by it.
 */
export function messageNames(from: string): { messageId: string; baseBoundary: string } {
  const id = crypto.randomUUID();
  const domain = /@([^\s@<>"]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return { messageId: `<${id}@${domain}>`, baseBoundary: id.replace(/-/g, '').slice(16) };
}

/** Per message: has the whole message (and so the closing dot) gone to the server after DATA? */
interface Handover {
  done: boolean;
  /** The dispatcher's permission for the closing dot (see smtpTransport). */
  beforeEnd?: () => Promise<boolean>;
  /** The dot is about to go: false when the send has already failed (it must not go then). */
  ending?: () => boolean;
  /** The permission was refused: the message was abandoned unterminated. */
  abandoned?: boolean;
}

function uncertain(reason: string, cause: unknown): DeliveryError {
  return new DeliveryError(reason, false, cause, true);
}

/**
 * nodemailer 'stream' plugin: the message's read stream only flows once the server has answered
 * DATA with 354 (before that nobody reads it), so its end means the content has been handed to the
 * connection with the closing dot right behind it. After that point a missing final reply is
 * ambiguous: the server may have queued the message.
 *
 * A message to sign (`signWith`) is signed here, before the hold: a DKIM signer reads the whole
 * message before it writes a byte. Placed after the hold (nodemailer's own `dkim` option runs
 * after every plugin), it would keep the whole content back until the marker commits, so the
 * connection would idle through every commit instead of only the closing dot waiting.
 */
function watchHandover(mail: { data: Mail.Options & { handover?: Handover; signWith?: EmailMessage['dkim'] }; message: { processFunc(fn: (input: Readable) => Readable): void } }, done: (err?: Error | null) => void): void {
  const handover = mail.data.handover;
  const signWith = mail.data.signWith;
  if (signWith) mail.message.processFunc((input) => new DKIM(signWith).sign(input));
  if (handover?.beforeEnd) {
    const beforeEnd = handover.beforeEnd;
    const ending = handover.ending ?? (() => true);
    mail.message.processFunc((input) => {
      // Called when a pooled connection takes the message, right before its MAIL FROM (not when
      // it is queued: a queued message must not hold a place in the end gate while the messages
      // on the connections wait for one). The permission (the attempt marker's commit) is asked
      // now, so the database works while the envelope and the content go to the server; the
      // stream's end (and so nodemailer's closing dot) waits for the answer. Refused, the stream
      // fails: nodemailer closes the connection mid-DATA and the server drops the message.
      const permission = beforeEnd();
      permission.catch(() => {});
      // Pulled, never read ahead: nodemailer reads the message only after DATA's 354.
      let wanted = false;
      const pump = () => {
        while (wanted) {
          const chunk: Buffer | null = input.read();
          if (chunk === null) return;
          wanted = held.push(chunk);
        }
      };
      const held = new Readable({
        read() {
          wanted = true;
          pump();
        },
      });
      // nodemailer listens while it sends; an abandonment after it gave up must not go unheard.
      held.on('error', () => {});
      input.on('readable', pump);
      input.once('error', (error) => held.destroy(error));
      input.once('end', () => {
        permission.then(
          (go) => {
            if (!go) return held.destroy(new Error('message abandoned before its end'));
            if (!ending()) return held.destroy(new Error('message failed before its end'));
            handover.done = true;
            held.push(null);
          },
          (error: Error) => held.destroy(error),
        );
      });
      return held;
    });
  } else if (handover) {
    // The stream itself is watched, not piped through a PassThrough: one stream hop less per
    // message chunk (a profile of the sending benchmark put 15% of its time under that hop).
    mail.message.processFunc((input) => {
      input.once('end', () => (handover.done = true));
      return input;
    });
  }
  done();
}

class SendTimeout extends Error {
  constructor() {
    super('smtp send timed out');
  }
}

/**
 * Pooled connections unless SMTP_URL says otherwise (`?pool=false`): a campaign reuses a few open
 * connections instead of a handshake per message (SMTP_MAX_CONNECTIONS, default 5).
 */
export function pooledUrl(url: string): string {
  if (/[?&]pool=/.test(url)) return url;
  const max = setting('smtpMaxConnections');
  return `${url}${url.includes('?') ? '&' : '?'}pool=true&maxConnections=${max}&maxMessages=Infinity`;
}

/** How many connections a (pooled) SMTP URL opens at most: its `maxConnections`, 1 without a pool. */
export function poolConnections(url: string): number {
  if (!/[?&]pool=(true|1)\b/.test(url)) return 1;
  const max = Number(/[?&]maxConnections=(\d+)/.exec(url)?.[1] ?? 5);
  return Number.isInteger(max) && max >= 1 ? max : 5;
}

/**
 * Connection trouble is detected in seconds, apart from the send timeout: connect
 * (SMTP_CONNECT_TIMEOUT_MS, default 5 s), greeting (SMTP_GREETING_TIMEOUT_MS, 5 s) and an idle
 * socket (SMTP_SOCKET_TIMEOUT_MS, 60 s). nodemailer's own defaults are 2 min, 30 s and 10 min.
 * And a message whose pooled connection closed under it is never sent again by nodemailer
 * (maxRequeues=0; its default re-queues it forever): closed after the closing dot, the server
 * may have it already, and while the server is down the re-queued messages never settle. The
 * dispatcher decides instead (requeued when nothing was handed over, review otherwise).
 * Values in SMTP_URL win.
 */
export function withTimeouts(url: string): string {
  const add = [
    ['maxRequeues', 0],
    ['connectionTimeout', setting('smtpConnectTimeoutMs')],
    ['greetingTimeout', setting('smtpGreetingTimeoutMs')],
    ['socketTimeout', setting('smtpSocketTimeoutMs')],
  ].filter(([name]) => !new RegExp(`[?&]${name}=`).test(url));
  if (!add.length) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${add.map(([name, ms]) => `${name}=${ms}`).join('&')}`;
}

interface SocketRequest {
  host?: string;
  port?: number;
  secure?: boolean;
  connectionTimeout?: number;
}

/**
 * nodemailer's socket hook (the one its proxy support uses), answering a plain TCP connection with
 * TCP_NODELAY. nodemailer writes a message's closing `.` in its own small packet; with Nagle's
 * algorithm on, that packet waits for the server's delayed ACK, about 40 ms per message and
 * connection (bench/RESULTS.md: 20 messages/s on one loopback connection with it, 108 without).
 * TLS (smtps, STARTTLS) is still negotiated by nodemailer over this socket.
 */
export function noDelaySocket(options: SocketRequest, callback: (error: Error | null, socketOptions?: { connection: net.Socket }) => void): void {
  const port = Number(options.port) || (options.secure ? 465 : 587);
  const socket = net.connect({ host: options.host || 'localhost', port, noDelay: true });
  let settled = false;
  const settle = (error: Error | null) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    socket.removeListener('error', settle);
    if (error) {
      socket.destroy();
      callback(error);
    } else callback(null, { connection: socket });
  };
  const timer = setTimeout(() => settle(Object.assign(new Error('Connection timeout'), { code: 'ETIMEDOUT' })), options.connectionTimeout ?? 2 * 60_000);
  socket.once('error', settle);
  socket.once('connect', () => settle(null));
}

/** Tests start and stop SMTP servers; a closed server's pooled connection must not be reused. */
export function resetSmtpTransports(): void {
  for (const t of transporters.values()) t.close();
  transporters.clear();
}

/**
 * A refusal of the recipient address itself, for good: RCPT TO answered 550, 551 or 553 with no
 * enhanced status code, or one of class 5.1 (bad mailbox or address). 5.7.x (policy, spam) and
 * 5.2.2 (mailbox full) say nothing against the address.
 */
export function isAddressRejection(command: string | undefined, code: number | undefined, response: string | undefined): boolean {
  if (!/^RCPT/i.test(command ?? '') || ![550, 551, 553].includes(code ?? 0)) return false;
  const enhanced = /\b([245])\.(\d{1,3})\.(\d{1,3})\b/.exec(response ?? '');
  return !enhanced || (enhanced[1] === '5' && enhanced[2] === '1');
}
