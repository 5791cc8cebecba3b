import { and, eq, gte, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { contacts } from '@/db/schema/contacts';
import type { ListFilters } from './schema';

const DAY = 24 * 60 * 60 * 1000;

/** The list's filters as one WHERE, always scoped to the merchant (shared by list, export, batch). */
export function contactsWhere(merchantId: number, f: ListFilters, now: Date): SQL {
  const conds: (SQL | undefined)[] = [eq(contacts.merchantId, merchantId)];
  if (f.locationId) conds.push(eq(contacts.locationId, f.locationId));
  if (f.type) conds.push(eq(contacts.type, f.type));
  if (f.tag) conds.push(sql`${contacts.tags} @> array[${f.tag}]::text[]`);
  if (f.activity) conds.push(activityCondition(f.activity, now));
  if (f.emailOpt) conds.push(optCondition(contacts.emailOptIn, f.emailOpt));
  if (f.smsOpt) conds.push(optCondition(contacts.smsOptIn, f.smsOpt));
  if (f.preference) conds.push(preferenceCondition(f.preference));
  if (f.keyword) conds.push(keywordCondition(f.keyword));
  return and(...conds) as SQL;
}

function activityCondition(activity: NonNullable<ListFilters['activity']>, now: Date): SQL | undefined {
  switch (activity) {
    case '7d':
      return gte(contacts.lastActivityAt, new Date(now.getTime() - 7 * DAY));
    case '30d':
      return gte(contacts.lastActivityAt, new Date(now.getTime() - 30 * DAY));
    case '90d':
      return gte(contacts.lastActivityAt, new Date(now.getTime() - 90 * DAY));
    case 'over90':
      return lt(contacts.lastActivityAt, new Date(now.getTime() - 90 * DAY));
    case 'never':
      return isNull(contacts.lastActivityAt);
  }
}

function optCondition(column: typeof contacts.emailOptIn | typeof contacts.smsOptIn, value: NonNullable<ListFilters['emailOpt']>): SQL | undefined {
  if (value === 'in') return eq(column, true);
  if (value === 'out') return eq(column, false);
  return isNull(column);
}

// "Communication preference": the channels the contact has agreed to be reached on.
function preferenceCondition(value: NonNullable<ListFilters['preference']>): SQL | undefined {
  const emailYes = eq(contacts.emailOptIn, true);
  const smsYes = eq(contacts.smsOptIn, true);
  const emailNo = sql`${contacts.emailOptIn} is not true`;
  const smsNo = sql`${contacts.smsOptIn} is not true`;
  if (value === 'email') return and(emailYes, smsNo);
  if (value === 'phone') return and(smsYes, emailNo);
  if (value === 'both') return and(emailYes, smsYes);
  return and(emailNo, smsNo);
}

/** Name (either order, with or without a space), e-mail, or phone digits. */
function keywordCondition(keyword: string): SQL | undefined {
  const like = `%${escapeLike(keyword)}%`;
  const conds: SQL[] = [
    sql`${contacts.firstName} ilike ${like}`,
    sql`${contacts.lastName} ilike ${like}`,
    sql`(${contacts.lastName} || ${contacts.firstName}) ilike ${like}`,
    sql`(${contacts.firstName} || ' ' || ${contacts.lastName}) ilike ${like}`,
    sql`(${contacts.lastName} || ' ' || ${contacts.firstName}) ilike ${like}`,
    sql`${contacts.email} ilike ${like}`,
  ];
  const digits = keyword.replace(/\D/g, '');
  if (digits.length >= 3 && /^[\d\s+\-().]+$/.test(keyword)) conds.push(sql`${contacts.phone} like ${`%${digits}%`}`);
  return or(...conds);
}

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

// Kept for callers that exclude one contact (duplicate checks on update).
export const notId = (id: number) => ne(contacts.id, id);
