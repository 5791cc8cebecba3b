import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/*
 * The contact list's keyword search text (issue 22), one expression for the indexes of
 * db/schema/contacts.ts and for the query (lib/contacts/search-text.ts): PostgreSQL uses an
 * expression index only for the very same expression.
 *
 * A keyword matches a contact when it is a case-insensitive substring of the first name, the last
 * name, the names in either order with or without a space, or the e-mail: one substring test on
 * one lower-cased text of four segments joined by U+001F (a keyword holding U+001F or U+001E takes
 * the unindexed path, so a match never spans two segments):
 *
 *   first last ␟ lastfirst ␟ last first ␟ email
 */
interface SearchColumns {
  firstName: AnyPgColumn;
  lastName: AnyPgColumn;
  email: AnyPgColumn;
}

export function contactSearchText(c: SearchColumns): SQL {
  return sql`lower(${c.firstName} || ' ' || ${c.lastName} || E'\\x1f' || ${c.lastName} || ${c.firstName} || E'\\x1f' || ${c.lastName} || ' ' || ${c.firstName} || E'\\x1f' || coalesce(${c.email}, ''))`;
}

/**
 * The search text's characters and pairs of adjacent characters outside ASCII (CJK names): a
 * keyword of one or two such characters holds no trigram, and is one element of this array. ASCII
 * runs become U+001E first (a Latin row adds almost no entry: each entry costs every insert, and
 * an import writes 40,000 rows), then pairs are cut from even offsets and from odd ones and split
 * on U+001E, so no pair spans a removed run. A pair holding U+001E is lost; no keyword looks for one.
 */
export function contactSearchGrams(c: SearchColumns): SQL {
  const wide = sql`regexp_replace(${contactSearchText(c)}, '[\\x01-\\x7f]+', E'\\x1e', 'g')`;
  return sql`(string_to_array(${wide}, NULL) || string_to_array(regexp_replace(${wide}, '(..)', E'\\\\1\\x1e', 'g'), E'\\x1e') || string_to_array(regexp_replace(substr(${wide}, 2), '(..)', E'\\\\1\\x1e', 'g'), E'\\x1e'))`;
}
