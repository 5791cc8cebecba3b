import { sql, type SQL } from 'drizzle-orm';

/*
 * The contact list's keyword search columns (issue 22): two STORED generated columns of `contacts`
 * (db/schema/contacts.ts, migration 0026), computed once per write. The list's query tests the
 * columns themselves (lib/contacts/filters.ts): recomputing the text per candidate row was 3-4x of
 * a search's cost (bench/RESULTS.md), and a stored array column gets element statistics, which an
 * index expression does not (the planner guessed 573 rows for 30,000).
 *
 * A keyword matches a contact when it is a case-insensitive substring of the first name, the last
 * name, the names in either order with or without a space, or the e-mail: one substring test on
 * one lower-cased text of four segments joined by U+001F (a keyword holding U+001F or U+001E takes
 * the unindexed path, so a match never spans two segments):
 *
 *   first last ␟ lastfirst ␟ last first ␟ email
 *
 * Written with the columns' plain names: a generated column may not refer to another, so the grams
 * repeat the text's expression.
 */
const TEXT = `lower("first_name" || ' ' || "last_name" || E'\\x1f' || "last_name" || "first_name" || E'\\x1f' || "last_name" || ' ' || "first_name" || E'\\x1f' || coalesce("email", ''))`;

/** `search_text`: the lower-cased search text. */
export const searchTextExpression: SQL = sql.raw(TEXT);

/*
 * `search_grams`: the characters and pairs of adjacent characters outside ASCII (CJK names) of the
 * search text: a keyword of one or two such characters holds no trigram, and is one element of this
 * array. They are cut from a shorter text with the same characters and pairs, `lastfirst ␟ email`
 * (the text's other segments hold the same names apart, so no pair of theirs is new): the regexps
 * cost ~13 us a row on the whole text (0.5 s of a 40,000-row import), half that on this one
 * (bench/RESULTS.md). ASCII runs become U+001E first, then pairs are cut from even offsets and from
 * odd ones and split on U+001E, so no pair spans a removed run. A pair holding U+001E is lost; no
 * keyword looks for one. A text of ASCII only (a Latin name) is the empty array without running
 * the regexps.
 */
const GRAMS_SOURCE = `lower("last_name" || "first_name" || E'\\x1f' || coalesce("email", ''))`;
const WIDE = `regexp_replace(${GRAMS_SOURCE}, '[\\x01-\\x7f]+', E'\\x1e', 'g')`;
const GRAMS = `case when ${GRAMS_SOURCE} ~ '[^\\x01-\\x7f]' then string_to_array(${WIDE}, NULL) || string_to_array(regexp_replace(${WIDE}, '(..)', E'\\\\1\\x1e', 'g'), E'\\x1e') || string_to_array(regexp_replace(substr(${WIDE}, 2), '(..)', E'\\\\1\\x1e', 'g'), E'\\x1e') else '{}'::text[] end`;

export const searchGramsExpression: SQL = sql.raw(GRAMS);

/*
 * Keywords of two ASCII letters or digits ("qz", "li") hold no trigram of their own, but every
 * occurrence of one is inside a trigram the trigram index holds, unless both its neighbours lie
 * outside ASCII. `asciiPairPattern` (lib/contacts/search-text.ts) finds the occurrences with an
 * ASCII neighbour (or none before) through the trigram index; a text with a pair between two
 * characters outside ASCII (or one and the end: "王ab芳", "李qz") is rare, and this partial index
 * (migration 0033) names those contacts, to be tested with the plain substring test. Together they
 * find exactly the contacts the substring test finds (tests/integration/contacts-search.test.ts).
 */
const WEDGED_ASCII_PAIR = String.raw`[^\x01-\x7f][a-z0-9]{2}([^\x01-\x7f]|$)`;

/** `search_text ~ WEDGED_ASCII_PAIR`, written the same wherever it appears, so the planner can use the partial index. */
export const wedgedAsciiPairCondition: SQL = sql.raw(`"contacts"."search_text" ~ '${WEDGED_ASCII_PAIR}'`);
