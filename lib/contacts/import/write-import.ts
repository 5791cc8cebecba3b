import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import type { ServiceContext } from '@/lib/context';
import type { ContactWrite, ImportPlan } from './plan-import';

type Tx = Pick<Db, 'execute'>;

/**
 * Writes an import plan (one chunk of the file: commit-import.ts bounds its size) inside the
 * caller's transaction: the inserts with their consent history in one statement, the updates with
 * theirs in another (the history rows come from the written rows' RETURNING, so ids never travel
 * back to Node). Rows travel as one JSON parameter (json_to_recordset): no 65,535-parameter limit,
 * one round trip, and the same SQL on postgres.js and PGlite.
 */
export async function writeImport(tx: Tx, ctx: ServiceContext, plan: ImportPlan): Promise<void> {
  const now = ctx.now().toISOString();

  if (plan.inserts.length) {
    await tx.execute(
      sql`with written as (
            insert into contacts (merchant_id, location_id, first_name, last_name, email, phone, gender, type,
              email_opt_in, email_opt_in_at, email_opt_in_source, sms_opt_in, sms_opt_in_at, sms_opt_in_source,
              opt_token, tags, custom_fields, locale, created_at, updated_at)
            select ${ctx.merchantId}, r.location_id, r.first_name, r.last_name, r.email, r.phone, r.gender, r.type,
              r.email_opt_in, case when r.email_opt_in is null then null else ${now}::timestamptz end,
              case when r.email_opt_in is null then null else 'import' end,
              r.sms_opt_in, case when r.sms_opt_in is null then null else ${now}::timestamptz end,
              case when r.sms_opt_in is null then null else 'import' end,
              r.opt_token, coalesce(r.tags, '{}'), coalesce(r.custom_fields, '{}'::jsonb), r.locale, ${now}::timestamptz, ${now}::timestamptz
            from json_to_recordset(${JSON.stringify(plan.inserts.map(insertRow))}::json) as r(location_id int, first_name text, last_name text, email text,
              phone text, gender text, type text, email_opt_in boolean, sms_opt_in boolean, opt_token text, tags text[], custom_fields jsonb, locale text)
            returning id, email_opt_in, sms_opt_in)
          ${consentEvents(ctx, now, sql`true`, sql`true`)}`,
    );
  }

  if (plan.updates.length) {
    await tx.execute(
      sql`with written as (
            update contacts c set first_name = r.first_name, last_name = r.last_name, email = r.email, phone = r.phone,
              gender = r.gender, type = r.type, location_id = r.location_id, tags = coalesce(r.tags, '{}'),
              custom_fields = coalesce(r.custom_fields, '{}'::jsonb), locale = r.locale,
              email_opt_in = r.email_opt_in,
              email_opt_in_at = case when r.email_changed then ${now}::timestamptz else c.email_opt_in_at end,
              email_opt_in_source = case when r.email_changed then 'import' else c.email_opt_in_source end,
              sms_opt_in = r.sms_opt_in,
              sms_opt_in_at = case when r.sms_changed then ${now}::timestamptz else c.sms_opt_in_at end,
              sms_opt_in_source = case when r.sms_changed then 'import' else c.sms_opt_in_source end,
              updated_at = ${now}::timestamptz
            from json_to_recordset(${JSON.stringify(plan.updates)}::json) as r(id int, location_id int, first_name text, last_name text,
              email text, phone text, gender text, type text, email_opt_in boolean, sms_opt_in boolean, email_changed boolean,
              sms_changed boolean, tags text[], custom_fields jsonb, locale text)
            where c.id = r.id and c.merchant_id = ${ctx.merchantId}
            returning c.id, c.email_opt_in, c.sms_opt_in, r.email_changed, r.sms_changed)
          ${consentEvents(ctx, now, sql`w.email_changed`, sql`w.sms_changed`)}`,
    );
  }
}

/** The custom fields the import's rows carry, made known to the merchant's field list. */
export async function writeFieldDefinitions(tx: Tx, ctx: ServiceContext, keys: string[]): Promise<void> {
  if (!keys.length) return;
  await tx.execute(
    sql`insert into contact_field_definitions (merchant_id, key)
        select ${ctx.merchantId}, k from jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb) as k
        on conflict do nothing`,
  );
}

/** The consent history of the rows in `written`: one event per channel whose state the import set. */
function consentEvents(ctx: ServiceContext, now: string, emailChanged: SQL, smsChanged: SQL): SQL {
  return sql`insert into contact_consent_events (merchant_id, contact_id, channel, action, source, user_id, created_at)
    select ${ctx.merchantId}, w.id, e.channel, case when e.opt then 'optin' else 'optout' end, 'import', ${ctx.userId}, ${now}::timestamptz
    from written w cross join lateral (values ('email', w.email_opt_in, ${emailChanged}), ('sms', w.sms_opt_in, ${smsChanged})) as e(channel, opt, changed)
    where e.changed and e.opt is not null`;
}

// Only the columns the insert reads (the plan's change flags are implied: a new contact's every stated consent is new).
function insertRow(w: ContactWrite) {
  return { location_id: w.location_id, first_name: w.first_name, last_name: w.last_name, email: w.email, phone: w.phone, gender: w.gender, type: w.type, email_opt_in: w.email_opt_in, sms_opt_in: w.sms_opt_in, opt_token: w.opt_token, tags: w.tags, custom_fields: w.custom_fields, locale: w.locale };
}
