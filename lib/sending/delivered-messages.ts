import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { appUrl } from '@/lib/app-url';
import { sanitizeRichHtml } from '@/lib/sanitize/html';
import { htmlToText } from '@/lib/templates/html-text';
import { renderEmailContent, renderSms, tokenValues, type RenderContext } from './render-message';
import { sentMessages, withoutTracking } from './sent-message';

export interface RenderedCampaignMessage {
  subject: string | null;
  text: string;
  html: string | null;
}

type Row = {
  id: number;
  channel: number;
  subject: string | null;
  content: string | null;
  content_text: string | null;
  include_unsubscribe: boolean | null;
  template_locale: string | null;
  review_link: string | null;
  first_name: string;
  last_name: string;
  opt_token: string;
  contact_locale: string | null;
};

/**
 * What campaign deliveries said to one contact, for the inbox thread: the message as it was sent
 * (message_contents, kept by the dispatcher since issue 19), its tracking taken out so the
 * merchant reading it counts as no open or click. Deliveries sent before contents were kept are
 * rendered again, through the sending engine's renderer, from the campaign's pinned template
 * version (else the template as it is now), the location's review link and the contact; a
 * deleted template shows nothing for those.
 */
export async function renderCampaignMessages(db: Db, merchantId: number, contactId: number, deliveryIds: number[]): Promise<Map<number, RenderedCampaignMessage>> {
  const out = new Map<number, RenderedCampaignMessage>();
  if (!deliveryIds.length) return out;
  for (const [id, m] of await sentMessages(db, merchantId, deliveryIds)) {
    out.set(id, { subject: m.subject || null, text: m.text, html: m.html === null ? null : sanitizeRichHtml(withoutTracking(m.html)) });
  }
  const older = deliveryIds.filter((id) => !out.has(id));
  if (!older.length) return out;
  const ids = sql.join(older.map((id) => sql`${id}`), sql`, `);
  const rows = await db.execute<Row>(
    sql`select d.id, d.channel,
               case when v.template_id is not null then v.subject else t.subject end as subject,
               coalesce(v.content, t.content) as content, coalesce(v.content_text, t.content_text) as content_text,
               coalesce(v.include_unsubscribe <> 0, t.include_unsubscribe) as include_unsubscribe,
               case when v.template_id is not null then v.locale else t.locale end as template_locale,
               l.review_link, k.first_name, k.last_name, k.opt_token, k.locale as contact_locale
        from deliveries d
        join campaigns c on c.id = d.campaign_id
        join contacts k on k.id = d.contact_id and k.merchant_id = d.merchant_id
        join templates t on t.id = c.template_id and t.merchant_id in (d.merchant_id, 0)
        left join template_versions v on v.template_id = c.template_id and v.version = coalesce(d.template_version, c.template_version)
        left join locations l on l.id = c.location_id and l.merchant_id = d.merchant_id
        where d.id in (${ids}) and d.merchant_id = ${merchantId} and d.contact_id = ${contactId}`,
  );
  const baseUrl = appUrl();
  for (const r of rows) {
    const ctx: RenderContext = {
      template: { subject: r.subject, content: r.content ?? '', contentText: r.content_text ?? '', includeUnsubscribe: Boolean(r.include_unsubscribe), locale: r.template_locale },
      contact: { firstName: r.first_name ?? '', lastName: r.last_name ?? '', optToken: r.opt_token ?? '', locale: r.contact_locale },
      reviewLink: r.review_link,
      baseUrl,
    };
    if (Number(r.channel) === 1) {
      out.set(Number(r.id), { subject: null, text: renderSms(ctx).body, html: null });
    } else {
      const { subject, html } = renderEmailContent(ctx, tokenValues(ctx, 'email'));
      out.set(Number(r.id), { subject: subject || null, text: htmlToText(html), html: sanitizeRichHtml(html) });
    }
  }
  return out;
}
