-- Keyword search (issue 22): the search text and its CJK grams as STORED generated columns
-- (db/schema/contacts-search.ts), computed once per write instead of per candidate row of every
-- search, and the two indexes of migration 0025 moved onto them; the grams column gets element
-- statistics (ANALYZE keeps none for an index's array expression). One ALTER TABLE: one rewrite
-- of the table (1,000,000 rows: see bench/RESULTS.md).
DROP INDEX "contacts_search_trgm_idx";--> statement-breakpoint
DROP INDEX "contacts_search_grams_idx";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("first_name" || ' ' || "last_name" || E'\x1f' || "last_name" || "first_name" || E'\x1f' || "last_name" || ' ' || "first_name" || E'\x1f' || coalesce("email", ''))) STORED,
  ADD COLUMN "search_grams" text[] GENERATED ALWAYS AS (case when lower("last_name" || "first_name" || E'\x1f' || coalesce("email", '')) ~ '[^\x01-\x7f]' then string_to_array(regexp_replace(lower("last_name" || "first_name" || E'\x1f' || coalesce("email", '')), '[\x01-\x7f]+', E'\x1e', 'g'), NULL) || string_to_array(regexp_replace(regexp_replace(lower("last_name" || "first_name" || E'\x1f' || coalesce("email", '')), '[\x01-\x7f]+', E'\x1e', 'g'), '(..)', E'\\1\x1e', 'g'), E'\x1e') || string_to_array(regexp_replace(substr(regexp_replace(lower("last_name" || "first_name" || E'\x1f' || coalesce("email", '')), '[\x01-\x7f]+', E'\x1e', 'g'), 2), '(..)', E'\\1\x1e', 'g'), E'\x1e') else '{}'::text[] end) STORED;--> statement-breakpoint
CREATE INDEX "contacts_search_trgm_idx" ON "contacts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_search_grams_idx" ON "contacts" USING gin ("search_grams");--> statement-breakpoint
-- The list picks its plans by the matches' estimate: a LIKE '%okafo%' is estimated from the
-- column's histogram, whose default 100 entries guessed 110 rows for 8,682 (bench/RESULTS.md).
ALTER TABLE "contacts" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "contacts" ALTER COLUMN "search_grams" SET STATISTICS 1000;--> statement-breakpoint
-- Element statistics for the grams now.
ANALYZE "contacts";
