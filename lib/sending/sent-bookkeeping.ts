import { sql, type SQL } from 'drizzle-orm';

/**
 * What every delivery that became sent changes besides itself, as two CTEs (`activity`, `counts`)
 * over the CTE `sent` names (its rows: contact_id, campaign_id, sent_at): the contact's last
 * activity and the campaign's successRecords. Both the engine's sent records and a person's or
 * Twilio's settlement of a review use it, so the count stays exact whoever settles.
 */
export function sentBookkeeping(sent: string): SQL {
  const from = sql.raw(sent);
  return sql`activity as (
        update contacts set last_activity_at = greatest(coalesce(last_activity_at, x.at), x.at)
        from (select contact_id, max(sent_at) as at from ${from} group by contact_id) x where contacts.id = x.contact_id
      ), counts as (
        update campaigns set success_records = success_records + n.sent
        from (select campaign_id, count(*)::int as sent from ${from} group by campaign_id) n where campaigns.id = n.campaign_id
      )`;
}
