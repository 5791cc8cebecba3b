import PostalMime from 'postal-mime';
import type { Db } from '@/db/client';
import { contactByAddress, contactByMessageIds, createLead, type ContactMatch } from './find-contact';
import { inboundMailHtml } from './mail-html';
import { inboundMailText } from './mail-text';
import { transcodeCjkMail } from './mail-transcode';
import { merchantOfAddress } from '@/lib/reply-address/reply-address';
import { recordMessage } from './record-message';

export interface InboundEmailResult {
  accepted: boolean;
  reason?: 'unparseable' | 'no_sender' | 'unknown_recipient';
  conversationId?: number;
  merchantId?: number;
}

/**
 * A raw MIME message, as mail providers' inbound-parse features post it. Parsed with a real MIME
 * parser (charsets, quoted-printable, base64, multipart, attachments), Chinese charsets first
 * made UTF-8 with iconv-lite (mail-transcode.ts). The thread text is the plain part, or the HTML
 * made readable; the HTML is kept without anything remote to fetch. It joins a conversation by
 * the Message-IDs it replies to, else by our signed inbox address it was sent to, else by the
 * sender's address; an unknown sender writing to a known merchant becomes a lead.
 */
export async function ingestInboundEmail(db: Db, raw: string | ArrayBuffer | Uint8Array, now: Date): Promise<InboundEmailResult> {
  let email: Awaited<ReturnType<typeof PostalMime.parse>>;
  try {
    email = await PostalMime.parse(transcodeCjkMail(asBytes(raw)));
  } catch {
    return { accepted: false, reason: 'unparseable' };
  }
  const from = email.from?.address?.toLowerCase();
  if (!from) return { accepted: false, reason: 'no_sender' };
  const recipients = [...(email.to ?? []), ...(email.cc ?? [])].map((a) => a.address ?? '').filter(Boolean);
  const referenced = [email.inReplyTo ?? '', ...(email.references ?? '').split(/\s+/)].filter(Boolean);
  let match: ContactMatch | null = await contactByMessageIds(db, referenced);
  if (!match) {
    const merchantId = recipients.map(merchantOfAddress).find((id): id is number => id !== null);
    if (merchantId) {
      match = (await contactByAddress(db, 'email', from, merchantId)) ?? { merchantId, contactId: await createLead(db, merchantId, 'email', from, email.from?.name ?? '') };
    } else {
      match = await contactByAddress(db, 'email', from);
    }
  }
  if (!match) return { accepted: false, reason: 'unknown_recipient' };
  const text = inboundMailText(email);
  const { conversationId } = await recordMessage(db, {
    merchantId: match.merchantId,
    contactId: match.contactId,
    direction: 'in',
    channel: 'email',
    from,
    to: recipients.join(', '),
    subject: email.subject ?? null,
    text,
    html: email.html ? inboundMailHtml(email.html) : null,
    externalId: email.messageId ?? null,
    inReplyTo: email.inReplyTo ?? null,
    attachments: (email.attachments ?? []).map((a) => ({
      filename: a.filename ?? 'attachment',
      contentType: a.mimeType ?? 'application/octet-stream',
      size: typeof a.content === 'string' ? a.content.length : (a.content as ArrayBuffer).byteLength,
    })),
    at: now,
  });
  return { accepted: true, conversationId, merchantId: match.merchantId };
}

function asBytes(raw: string | ArrayBuffer | Uint8Array): Uint8Array {
  if (typeof raw === 'string') return Buffer.from(raw, 'utf8');
  return raw instanceof Uint8Array ? raw : new Uint8Array(raw);
}
