import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { verifyClick } from './tracking';

/** What one delivery sent, exactly as the dispatcher recorded it (message_contents). */
export interface SentMessage {
  subject: string | null;
  text: string;
  html: string | null;
}

/**
 * The read side of issue 19's kept content: a delivery's message from message_contents through
 * deliveries.content_hash, only for this merchant's deliveries (and contents). Deliveries without
 * a recorded content (sent before issue 19, or not sent) are absent from the answer.
 */
export async function sentMessages(db: Db, merchantId: number, deliveryIds: number[]): Promise<Map<number, SentMessage>> {
  const out = new Map<number, SentMessage>();
  if (!deliveryIds.length) return out;
  const rows = await db.execute<{ id: number; subject: string | null; text: string; html: string | null }>(
    sql`select d.id, m.subject, m.text, m.html
        from deliveries d join message_contents m on m.hash = d.content_hash and m.merchant_id = d.merchant_id
        where d.id in (${sql.join(deliveryIds.map((id) => sql`${id}`), sql`, `)}) and d.merchant_id = ${merchantId}`,
  );
  for (const r of rows) out.set(Number(r.id), { subject: r.subject, text: r.text, html: r.html });
  return out;
}

/** One sent delivery of the campaign with a recorded content: an example of what it sent, for its details. */
export async function exampleSentMessage(db: Db, merchantId: number, campaignId: number): Promise<(SentMessage & { toAddress: string; sentAt: string | null }) | null> {
  const [r] = await db.execute<{ subject: string | null; text: string; html: string | null; to_address: string; sent_at: string | Date | null }>(
    sql`select m.subject, m.text, m.html, d.to_address, d.sent_at
        from deliveries d join message_contents m on m.hash = d.content_hash and m.merchant_id = d.merchant_id
        where d.campaign_id = ${campaignId} and d.merchant_id = ${merchantId} and d.status = 'sent' and d.content_hash is not null
        limit 1`,
  );
  if (!r) return null;
  return { subject: r.subject, text: r.text, html: r.html, toAddress: r.to_address, sentAt: r.sent_at ? new Date(r.sent_at).toISOString() : null };
}

/**
 * The sent HTML as the merchant may look at it: the open pixel removed and click redirects back
 * to their targets, so reading a thread neither counts as the customer's open nor clicks.
 */
export function withoutTracking(html: string): string {
  return html
    .replace(/<img\b[^>]*\bsrc=(["'])[^"']*\/api\/t\/o\/[^"']*\1[^>]*>/gi, '')
    .replace(/(\bhref=)(["'])([^"']*\/api\/t\/c\/(\d+)\?[^"']*)\2/gi, (match, attr: string, quote: string, href: string, id: string) => {
      const query = new URLSearchParams(href.slice(href.indexOf('?') + 1).replace(/&amp;/g, '&'));
      const target = verifyClick(Number(id), query.get('u') ?? '', query.get('s') ?? '');
      return target ? `${attr}${quote}${target.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}${quote}` : match;
    });
}
