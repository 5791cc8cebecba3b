import crypto from 'node:crypto';
import type { Db } from '@/db/client';
import { outbox } from '@/db/schema/outbox';
import type { EmailMessage, EmailTransport, SendResult, SmsMessage, SmsTransport } from './types';

/** The local default: the message is stored and shown at /dev/mailbox instead of leaving the machine. */
export const outboxEmailTransport: EmailTransport = {
  name: 'outbox',
  async send(db: Db, message: EmailMessage & { from: string }): Promise<SendResult> {
    const messageId = `<${crypto.randomUUID()}@outbox.starloop>`;
    const [row] = await db
      .insert(outbox)
      .values({
        channel: 'email',
        merchantId: message.merchantId ?? null,
        from: message.from,
        to: message.to,
        replyTo: message.replyTo ?? null,
        subject: message.subject,
        html: message.html,
        text: message.text,
        headers: message.headers ?? null,
        messageId,
      })
      .returning({ id: outbox.id });
    return { transport: 'outbox', messageId, outboxId: row.id };
  },
};

export const outboxSmsTransport: SmsTransport = {
  name: 'outbox',
  async send(db: Db, message: SmsMessage): Promise<SendResult> {
    const messageId = `outbox-sms-${crypto.randomUUID()}`;
    const [row] = await db
      .insert(outbox)
      .values({ channel: 'sms', merchantId: message.merchantId ?? null, to: message.to, body: message.body, messageId })
      .returning({ id: outbox.id });
    return { transport: 'outbox', messageId, outboxId: row.id };
  },
};
