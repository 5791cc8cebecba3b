import PostalMime from 'postal-mime';
import type { Db } from '@/db/client';
import { isValidEmail, normalizeEmail } from '@/lib/contacts/normalize';
import { contactByAddress, contactByMessageIds, createLead, type ContactMatch } from './find-contact';
import { MAX_INBOUND_TEXT_LENGTH, MAX_RAW_BODY_TEXT, MAX_SIGNED_RECIPIENTS, MAX_SUBJECT_LENGTH } from './limits';
import { cutText, storableText } from './mail-clean';
import { clipMailHtml, inboundMailHtml } from './mail-html';
import { inboundMailText } from './mail-text';
import { joinSplitEncodedWords, transcodeCjkMail } from './mail-transcode';
import { messageIds } from './message-ids';
import { applyDeliveryReport, deliveryReportOf } from './delivery-reports';
import { merchantOfAddress } from '@/lib/reply-address/reply-address';
import { recordMessage } from './record-message';

export interface InboundEmailResult {
  accepted: boolean;
  /**
   * Why a message was not recorded: no header could be read (`unparseable`), no From address
   * (`no_sender`), a From address the contact rule refuses (`invalid_sender`: `x@localhost`,
   * `a..b@example.com`, over 254 characters), no merchant to give it to (`unknown_recipient`).
   */
  reason?: 'unparseable' | 'no_sender' | 'invalid_sender' | 'unknown_recipient';
  /** A mail server's bounce or complaint report: applied to the contact it concerns, not put in the inbox. */
  report?: { kind: 'bounce' | 'complaint'; contacts: number };
  conversationId?: number;
  merchantId?: number;
  /** Every merchant the message was recorded at: one per signed inbox address it was sent to. */
  recorded?: { merchantId: number; conversationId: number }[];
}

type Email = Awaited<ReturnType<typeof PostalMime.parse>>;

/**
 * A raw MIME message, as mail providers' inbound-parse features post it. Parsed with a real MIME
 * parser (charsets, quoted-printable, base64, multipart, attachments), Chinese charsets first
 * made UTF-8 with iconv-lite (mail-transcode.ts). The thread text is the plain part, or the HTML
 * made readable; the HTML is kept without anything remote to fetch. Both are bounded
 * (./limits.ts): the HTML is clipped before it is parsed, so no sender's body holds the request
 * thread long. A message whose parts cannot be split (nested too deep, a boundary missing) keeps
 * its raw body, bounded, as its text; NUL characters and lone surrogates, which no text column
 * holds, are left out. A mail server's bounce or abuse report is applied, not recorded
 * (./delivery-reports.ts).
 *
 * It joins a conversation by the Message-IDs it replies to, else by our signed inbox address it
 * was sent to, else by the sender's address; an unknown sender writing to a known merchant
 * becomes a lead when the address passes the contact rule (isValidEmail). Sent to a merchant's
 * signed inbox address, it stays with that merchant: the Message-IDs are looked up among its own
 * messages only, so quoting another merchant's Message-ID never puts the mail in that inbox. Sent
 * to several merchants' signed addresses at once (To and Cc), each of them gets it in its own
 * inbox, as each would from a real mailbox.
 */
export async function ingestInboundEmail(db: Db, raw: string | ArrayBuffer | Uint8Array, now: Date): Promise<InboundEmailResult> {
  const bytes = joinSplitEncodedWords(transcodeCjkMail(asBytes(raw)));
  const email = await parse(bytes);
  if (!email) return { accepted: false, reason: 'unparseable' };
  const report = deliveryReportOf(email.attachments ?? []);
  if (report) return { accepted: true, report: { kind: report.kind, ...(await applyDeliveryReport(db, report, now)) } };
  const address = storableText(email.from?.address ?? '').trim();
  if (!address) return { accepted: false, reason: 'no_sender' };
  const from = normalizeEmail(address);
  if (!isValidEmail(from)) return { accepted: false, reason: 'invalid_sender' };
  const recipients = [...(email.to ?? []), ...(email.cc ?? [])].map((a) => storableText(a.address ?? '')).filter(Boolean);
  const inReplyTo = messageIds(email.inReplyTo);
  const references = messageIds(email.references);
  const signed = [...new Set(recipients.map(merchantOfAddress).filter((id): id is number => id !== null))].slice(0, MAX_SIGNED_RECIPIENTS);
  const matches: ContactMatch[] = [];
  for (const merchantId of signed) {
    matches.push(
      (await contactByMessageIds(db, { inReplyTo, references }, merchantId)) ??
        (await contactByAddress(db, 'email', from, merchantId)) ?? { merchantId, contactId: await createLead(db, merchantId, 'email', from, email.from?.name ?? '') },
    );
  }
  if (!signed.length) {
    const match = (await contactByMessageIds(db, { inReplyTo, references })) ?? (await contactByAddress(db, 'email', from));
    if (match) matches.push(match);
  }
  if (!matches.length) return { accepted: false, reason: 'unknown_recipient' };
  const html = email.html ? clipMailHtml(storableText(email.html)) : '';
  const message = {
    direction: 'in' as const,
    channel: 'email' as const,
    from,
    to: recipients.join(', '),
    subject: email.subject == null ? null : cutText(storableText(email.subject), MAX_SUBJECT_LENGTH),
    text: cutText(storableText(inboundMailText({ text: email.text, html })), MAX_INBOUND_TEXT_LENGTH) || rawBodyText(email, bytes),
    html: html ? inboundMailHtml(html) : null,
    externalId: messageIds(email.messageId)[0] ?? null,
    inReplyTo: inReplyTo[0] ?? null,
    attachments: (email.attachments ?? []).map((a) => ({
      filename: storableText(a.filename ?? '') || 'attachment',
      contentType: storableText(a.mimeType ?? '') || 'application/octet-stream',
      size: typeof a.content === 'string' ? a.content.length : (a.content as ArrayBuffer).byteLength,
    })),
    at: now,
  };
  const recorded: { merchantId: number; conversationId: number }[] = [];
  for (const match of matches) {
    const { conversationId } = await recordMessage(db, { ...message, merchantId: match.merchantId, contactId: match.contactId });
    recorded.push({ merchantId: match.merchantId, conversationId });
  }
  return { accepted: true, conversationId: recorded[0].conversationId, merchantId: recorded[0].merchantId, recorded };
}

/**
 * The parsed message; when postal-mime gives up on the MIME tree (nested past its limit, headers
 * past its size), its own header block alone, so the sender, subject and ids still count and the
 * body is kept raw (rawBodyText). Null only when not even the headers parse.
 */
async function parse(bytes: Uint8Array): Promise<Email | null> {
  try {
    return await PostalMime.parse(bytes);
  } catch {
    const head = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).subarray(0, headerEnd(bytes).headerLength);
    try {
      // Without its Content-Type, the header block describes no parts to split.
      const headers = head.toString('latin1').replace(/^content-type:.*(?:\r?\n[ \t].*)*(?:\r?\n|$)/gim, '');
      return { ...(await PostalMime.parse(Buffer.from(`${headers}\r\n\r\n`, 'latin1'))), text: undefined, html: undefined, attachments: [] };
    } catch {
      return null;
    }
  }
}

/**
 * The text of a message whose body gave postal-mime nothing to show (a multipart without a
 * boundary, or whose boundary never comes, or a tree too deep): its raw body, bounded. Empty when
 * postal-mime found a text, an HTML or an attachment part (an image-only HTML mail has no text).
 */
function rawBodyText(email: Email, bytes: Uint8Array): string {
  if (email.text != null || email.html != null || email.attachments?.length) return '';
  const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).subarray(headerEnd(bytes).bodyStart);
  return cutText(storableText(body.subarray(0, MAX_RAW_BODY_TEXT * 4).toString('utf8')), MAX_RAW_BODY_TEXT).trim();
}

function headerEnd(bytes: Uint8Array): { headerLength: number; bodyStart: number } {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const crlf = buffer.indexOf('\r\n\r\n');
  const lf = buffer.indexOf('\n\n');
  if (crlf >= 0 && (lf < 0 || crlf < lf)) return { headerLength: crlf, bodyStart: crlf + 4 };
  if (lf >= 0) return { headerLength: lf, bodyStart: lf + 2 };
  return { headerLength: buffer.length, bodyStart: buffer.length };
}

function asBytes(raw: string | ArrayBuffer | Uint8Array): Uint8Array {
  if (typeof raw === 'string') return Buffer.from(raw, 'utf8');
  return raw instanceof Uint8Array ? raw : new Uint8Array(raw);
}
