import type { Db } from '@/db/client';
import { writeConsent } from '@/lib/consent/record-consent';
import { markEmailStatus } from '@/lib/contacts/email-status';
import { isValidEmail, normalizeEmail } from '@/lib/contacts/normalize';
import { messageIds } from './message-ids';
import { lockMerchantContacts } from '@/lib/db/contacts-lock';
import { emailDeliveryByMessageIds, recordBounceEvent } from '@/lib/sending/contact-history';

/** What a mail server's report says: addresses that bounced for good, or a recipient's complaint. */
export interface DeliveryReport {
  kind: 'bounce' | 'complaint';
  /** Bounce: the failed recipients whose status condemns the address (5.1.x, 5.2.1). Complaint: none (read from the original). */
  addresses: string[];
  /** Message-IDs of the original message the report returns (our campaign or reply mail). */
  originalIds: string[];
}

interface Part {
  mimeType?: string;
  content: ArrayBuffer | Uint8Array | string;
}

/**
 * A delivery status notification (RFC 3464, `message/delivery-status`) or an abuse report (RFC
 * 5965, `message/feedback-report`) among a mail's parts; null for a person's mail. Found from
 * outside: a bounce posted to the inbound webhook became a lead named "Mail Delivery System" with
 * an unread conversation, and the address it reported stayed `ok`.
 */
export function deliveryReportOf(parts: readonly Part[]): DeliveryReport | null {
  const status = parts.find((p) => /^message\/(global-)?delivery-status$/i.test(p.mimeType ?? ''));
  const feedback = parts.find((p) => /^message\/feedback-report$/i.test(p.mimeType ?? ''));
  if (!status && !feedback) return null;
  const original = parts.find((p) => /^(text\/rfc822-headers|message\/rfc822|message\/global|message\/global-headers)$/i.test(p.mimeType ?? ''));
  const originalIds = original ? messageIds(headerValue(headerBlock(textOf(original)), 'message-id')) : [];
  if (feedback) return { kind: 'complaint', addresses: [], originalIds };
  return { kind: 'bounce', addresses: failedAddresses(textOf(status as Part)), originalIds };
}

/**
 * Applies a report to the delivery it returns, found by our own Message-ID in the returned headers
 * (random, so no outsider can name one: a customer who knows the merchant's inbox address cannot
 * report another customer's address as bounced). A bounce that names that delivery's address marks
 * the contact `bounced`; a complaint marks it `complained` and opts it out of e-mail (source
 * `complaint`). A report returning no delivery of ours changes nothing. Nothing goes to the inbox.
 */
export async function applyDeliveryReport(db: Db, report: DeliveryReport, now: Date): Promise<{ contacts: number }> {
  const delivery = await emailDeliveryByMessageIds(db, report.originalIds);
  if (!delivery) return { contacts: 0 };
  const contact = { merchantId: delivery.merchantId, contactId: delivery.contactId };
  if (report.kind === 'bounce') {
    if (!report.addresses.includes(normalizeEmail(delivery.toAddress))) return { contacts: 0 };
    // Kept as an event too: the bounce rate counts reports by the day they came back.
    await recordBounceEvent(db, delivery, now);
    return { contacts: await markEmailStatus(db, contact, 'bounced') };
  }
  return db.transaction(async (tx) => {
    await lockMerchantContacts(tx, contact.merchantId);
    const changed = await markEmailStatus(tx, contact, 'complained');
    await writeConsent(tx, { ...contact, channel: 'email', action: 'optout', source: 'complaint', at: now });
    return { contacts: changed };
  });
}

/**
 * The per-recipient blocks of a delivery-status body whose Action is `failed` and whose Status
 * condemns the address: 5.1.x (no such mailbox, bad address or domain) or 5.2.1 (mailbox
 * disabled). A full mailbox, a message too big or a policy refusal say nothing against it.
 */
function failedAddresses(body: string): string[] {
  const found = new Set<string>();
  for (const block of body.replace(/\r\n/g, '\n').split(/\n\s*\n/)) {
    const action = headerValue(block, 'action').toLowerCase();
    const status = /^(\d)\.(\d{1,3})\.(\d{1,3})/.exec(headerValue(block, 'status'));
    const recipient = /;\s*(.+)$/.exec(headerValue(block, 'final-recipient') || headerValue(block, 'original-recipient'))?.[1].trim().replace(/^<|>$/g, '');
    if (action !== 'failed' || !status || !recipient) continue;
    const condemned = status[1] === '5' && (status[2] === '1' || (status[2] === '2' && status[3] === '1'));
    const address = normalizeEmail(recipient);
    if (condemned && isValidEmail(address)) found.add(address);
  }
  return [...found];
}

function textOf(part: Part): string {
  if (typeof part.content === 'string') return part.content;
  return new TextDecoder('utf-8').decode(part.content);
}

function headerBlock(text: string): string {
  const normalized = text.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  return end < 0 ? normalized : normalized.slice(0, end);
}

/** A header field's value in a header block (folded lines joined); '' when absent. */
function headerValue(block: string, name: string): string {
  const unfolded = block.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name}:`));
  return line ? line.slice(name.length + 1).trim() : '';
}
