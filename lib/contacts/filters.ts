import { and, eq, gte, isNull, lt, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { contacts } from '@/db/schema/contacts';
import type { ListFilters } from './schema';
import { asciiPair, asciiPairPattern, indexableKeyword, keywordChars, TRIGRAM_MIN_CHARS, wideGram } from './search-text';
import { wedgedAsciiPairCondition } from '@/db/schema/contacts-search';
import { containsPattern } from '@/db/like';

const DAY = 24 * 60 * 60 * 1000;

/**
 * How a filter's value enters the WHERE: as a parameter of a one-off statement (`inlineValues`), or
 * as a named placeholder of a prepared statement (`placeholderValues`), whose text is then the same
 * for every query of one filter shape (`filterShape`).
 */
export type BindValue = <T>(name: string, value: T) => T | Placeholder;

export const inlineValues: BindValue = (_name, value) => value;

/** Binds placeholders and collects their values into `values` (dates as ISO text: no column encoder runs). */
export function placeholderValues(values: Record<string, unknown>): BindValue {
  return (name, value) => {
    values[name] = value instanceof Date ? value.toISOString() : value;
    return sql.placeholder(name);
  };
}

/** What decides the WHERE's text (which filters, and the choices that change a condition), not its values. */
export function filterShape(f: ListFilters): string {
  return [f.locationId ? 'l' : '', f.type ? 't' : '', f.tag ? 'g' : '', f.activity ?? '', f.emailOpt ?? '', f.smsOpt ?? '', f.preference ?? '', f.keyword ? keywordShape(f.keyword) : ''].join('|');
}

/**
 * Implied by any tag filter, and said so that PostgreSQL can walk contacts_merchant_tagged_idx
 * (migration 0032), which holds only tagged contacts: its planner cannot prove this from `@>`.
 * Not said with a keyword (its matches come from the search indexes), nor where only the planner's
 * row estimate is wanted: it multiplies the two conditions as if unrelated, and would estimate a
 * tag's matches at a tenth (92,070 -> 8,477 for "VIP" at 1,000,000 contacts).
 */
const TAGGED = sql`${contacts.tags} <> '{}'::text[]`;

/**
 * The list's filters as one WHERE, always scoped to the merchant (shared by list, export, batch).
 * `forEstimate`: the WHERE whose row estimate stands for a total too large to count (countContacts).
 */
export function contactsWhere(merchantId: number, f: ListFilters, now: Date, bind: BindValue = inlineValues, forEstimate = false): SQL {
  const conds: (SQL | undefined)[] = [eq(contacts.merchantId, bind('merchantId', merchantId))];
  if (f.locationId) conds.push(eq(contacts.locationId, bind('locationId', f.locationId)));
  if (f.type) conds.push(eq(contacts.type, bind('type', f.type)));
  if (f.tag) conds.push(sql`${contacts.tags} @> array[${bind('tag', f.tag)}]::text[]`, f.keyword || forEstimate ? undefined : TAGGED);
  if (f.activity) conds.push(activityCondition(f.activity, now, bind));
  if (f.emailOpt) conds.push(optCondition(contacts.emailOptIn, f.emailOpt));
  if (f.smsOpt) conds.push(optCondition(contacts.smsOptIn, f.smsOpt));
  if (f.preference) conds.push(preferenceCondition(f.preference));
  if (f.keyword) conds.push(keywordCondition(f.keyword, bind));
  return and(...conds) as SQL;
}

function activityCondition(activity: NonNullable<ListFilters['activity']>, now: Date, bind: BindValue): SQL | undefined {
  const daysAgo = (days: number) => bind('activitySince', new Date(now.getTime() - days * DAY));
  switch (activity) {
    case '7d':
      return gte(contacts.lastActivityAt, daysAgo(7));
    case '30d':
      return gte(contacts.lastActivityAt, daysAgo(30));
    case '90d':
      return gte(contacts.lastActivityAt, daysAgo(90));
    case 'over90':
      return lt(contacts.lastActivityAt, daysAgo(90));
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

/** The keyword's index path: trigrams, wide characters alone or with a test, an ASCII pair's neighbours, none, separators (none). */
function keywordPath(keyword: string): 'k3' | 'k2w' | 'k2' | 'k2a' | 'k1' | 'k0' {
  const gram = wideGram(keyword);
  if (!indexableKeyword(keyword)) return 'k0';
  if (keywordChars(keyword) >= TRIGRAM_MIN_CHARS) return 'k3';
  if (gram) return gram === keyword ? 'k2w' : 'k2';
  return asciiPair(keyword) ? 'k2a' : 'k1';
}

/** Whether a search index finds the keyword's matches (otherwise every contact is tested). */
export function indexedKeyword(keyword: string): boolean {
  const path = keywordPath(keyword);
  return path !== 'k1' && path !== 'k0';
}

/** The keyword's index path and whether it has phone digits. */
function keywordShape(keyword: string): string {
  const path = keywordPath(keyword);
  return phoneDigits(keyword) ? `${path}d` : path;
}

/**
 * Name (either order, with or without a space), e-mail, or phone digits: a substring, any case.
 * The names and e-mail are one substring test on the search text (lib/contacts/search-text.ts),
 * which the trigram index serves from 3 characters. Below 3, a keyword with CJK characters is
 * first looked up in the wide-character grams index (the test then confirms each row); two ASCII
 * letters or digits through the trigrams their neighbours make (asciiPairPattern), the rare rest
 * through a partial index; any other (one letter, or cased letters outside ASCII) is the test
 * alone, served by walking the list's order, fast when it matches many contacts, as a 1-letter
 * keyword mostly does (bench/RESULTS.md).
 */
export function keywordCondition(keyword: string, bind: BindValue = inlineValues): SQL | undefined {
  const like = bind('keyword', containsPattern(keyword));
  const conds: SQL[] = [];
  const gram = wideGram(keyword);
  if (!indexableKeyword(keyword)) conds.push(...unindexedNameConditions(like));
  // `pattern or (wedged and substring)`, not `(pattern or wedged) and substring`: PostgreSQL would
  // multiply the two as if unrelated, expect a hundredth of the matches ("ev": 258 for 16,000), and
  // sort them all for a first page.
  else if (asciiPair(keyword))
    conds.push(sql`${contacts.searchText} ~ ${bind('keywordPair', asciiPairPattern(keyword))}`, sql`(${wedgedAsciiPairCondition} and ${contacts.searchText} like lower(${like}))`);
  else if (keywordChars(keyword) >= TRIGRAM_MIN_CHARS || !gram) conds.push(sql`${contacts.searchText} like lower(${like})`);
  // A keyword of wide characters only is its own gram: holding it is the substring test.
  else if (gram === keyword) conds.push(sql`${contacts.searchGrams} @> array[${bind('keywordGram', gram)}]::text[]`);
  else conds.push(sql`(${contacts.searchGrams} @> array[${bind('keywordGram', gram)}]::text[] and ${contacts.searchText} like lower(${like}))`);
  const digits = phoneDigits(keyword);
  // At least 3 digits: the phone's trigram index serves it.
  if (digits) conds.push(sql`${contacts.phone} like ${bind('phoneDigits', `%${digits}%`)}`);
  return or(...conds);
}

// A keyword holding a segment separator of the search text: the plain tests, each field alone.
function unindexedNameConditions(like: string | Placeholder): SQL[] {
  return [
    sql`${contacts.firstName} ilike ${like}`,
    sql`${contacts.lastName} ilike ${like}`,
    sql`(${contacts.lastName} || ${contacts.firstName}) ilike ${like}`,
    sql`(${contacts.firstName} || ' ' || ${contacts.lastName}) ilike ${like}`,
    sql`(${contacts.lastName} || ' ' || ${contacts.firstName}) ilike ${like}`,
    sql`${contacts.email} ilike ${like}`,
  ];
}

/** A keyword that reads as (part of) a phone number: its digits, at least 3; otherwise null. */
function phoneDigits(keyword: string): string | null {
  const digits = keyword.replace(/\D/g, '');
  return digits.length >= 3 && /^[\d\s+\-().]+$/.test(keyword) ? digits : null;
}
