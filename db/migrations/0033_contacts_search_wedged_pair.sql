-- Keywords of two ASCII letters or digits (issue 22, point 2). "qz" held no trigram and walked
-- every contact of the merchant (420 ms at 1,000,000 contacts); its occurrences with an ASCII
-- neighbour are found through the trigram index (lib/contacts/search-text.ts, asciiPairPattern).
-- This index names the rare rest: contacts whose search text holds such a pair between two
-- characters outside ASCII, or between one and the end (db/schema/contacts-search.ts). Only those
-- rows write an entry.
CREATE INDEX "contacts_search_wedged_pair_idx" ON "contacts" USING btree ("merchant_id") WHERE "contacts"."search_text" ~ '[^\x01-\x7f][a-z0-9]{2}([^\x01-\x7f]|$)';
