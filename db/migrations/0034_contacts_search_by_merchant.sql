-- Keyword search led by the merchant (issue 22, point 2; a hosted service). The three search indexes
-- held every merchant's contacts, so a merchant's keyword read the matches of all merchants and
-- dropped the others' row by row: with ten merchants of 100,000 beside one of 1,000,000, "ichae"
-- took the big one 82 ms to count and a small one 15 ms; "li" took a small one 240 ms
-- (bench/RESULTS.md). Led by merchant_id (btree_gin), the index scan keeps only the merchant's
-- matches: 23, 2 and 25 ms. btree_gin is a trusted extension (PostgreSQL 13+); PGlite loads it in
-- db/client.ts.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "contacts_search_trgm_idx";--> statement-breakpoint
DROP INDEX "contacts_search_grams_idx";--> statement-breakpoint
DROP INDEX "contacts_phone_trgm_idx";--> statement-breakpoint
CREATE INDEX "contacts_search_trgm_idx" ON "contacts" USING gin ("merchant_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_search_grams_idx" ON "contacts" USING gin ("merchant_id","search_grams");--> statement-breakpoint
CREATE INDEX "contacts_phone_trgm_idx" ON "contacts" USING gin ("merchant_id","phone" gin_trgm_ops);