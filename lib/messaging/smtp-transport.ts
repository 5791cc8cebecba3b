import crypto from 'node:crypto';
import net from 'node:net';
import type { Readable } from 'node:stream';
import nodemailer, { type Transporter } from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type { Db } from '@/db/client';
import { DeliveryError, type EmailMessage, type EmailTransport, type SendResult } from './types';

// One pooled connection set per SMTP URL, reused across messages.
const transporters = new Map<string, Transporter>();

function transporterFor(url: string): Transporter {
  let transporter = transporters.get(url);
  if (!transporter) {
    transporter = nodemailer.createTransport(pooledUrl(url));
    const inner = transporter.transporter as { options?: { proxy?: unknown }; getSocket?: typeof noDelaySocket };
    // A proxy (`?proxy=`) brings its own socket; otherwise connect with Nagle off.
    if (!inner.options?.proxy) inner.getSocket = noDelaySocket;
    transporter.use('stream', watchHandover);
    transporters.set(url, transporter);
  }
  return transporter;
}

/** SMTP through nodemailer; SMTP_URL such as smtp://user:pass@host:587 or smtps://host:465. */
export function smtpTransport(url: string): EmailTransport {
  return {
    name: 'smtp',
    async send(_db: Db, message: EmailMessage & { from: string }): Promise<SendResult> {
      const transporter = transporterFor(url);
      const handover: Handover = { done: false };
      const names = messageNames(message.from);
      let timer: NodeJS.Timeout | undefined;
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
        } as Mail.Options);
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new SendTimeout()), Number(process.env.SMTP_SEND_TIMEOUT_MS ?? 120_000) || 120_000);
        });
        const info = await Promise.race([sending, timeout]);
        return { transport: 'smtp', messageId: String(info.messageId ?? '') };
      } catch (error) {
        if (error instanceof SendTimeout) {
          // nodemailer's pool can stall for good once the server cut its connections and refused
          // new ones (a restart): its messages never settle. Drop that pool; the next message opens
          // a fresh one, and this one is retried like any connection trouble.
          if (transporters.get(url) === transporter) transporters.delete(url);
          transporter.close();
          if (handover.done) throw uncertain('smtp delivery timed out after the message was sent', error);
          throw new DeliveryError('smtp delivery timed out', true, error);
        }
        // A reply code is the server's own answer: 4xx may pass on a retry, 5xx will not. Without
        // one (timeout, connection lost), it matters whether the message had been handed over.
        const code = (error as { responseCode?: number }).responseCode;
        if (!code && handover.done) throw uncertain(`smtp delivery failed after the message was sent: ${(error as Error).message}`, error);
        throw new DeliveryError(`smtp delivery failed${code ? ` (${code})` : ''}`, !code || code < 500, error);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

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
}

function uncertain(reason: string, cause: unknown): DeliveryError {
  return new DeliveryError(reason, false, cause, true);
}

/**
 * nodemailer 'stream' plugin: the message's read stream only flows once the server has answered
 * DATA with 354 (before that nobody reads it), so its end means the content has been handed to the
 * connection with the closing dot right behind it. After that point a missing final reply is
 * ambiguous: the server may have queued the message. (A DKIM signer would read the stream early;
 * none is configured here.)
 */
function watchHandover(mail: { data: Mail.Options & { handover?: Handover }; message: { processFunc(fn: (input: Readable) => Readable): void } }, done: (err?: Error | null) => void): void {
  const handover = mail.data.handover;
  if (handover) {
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
  const max = Number(process.env.SMTP_MAX_CONNECTIONS ?? 5) || 5;
  return `${url}${url.includes('?') ? '&' : '?'}pool=true&maxConnections=${max}&maxMessages=Infinity`;
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
