-- The list's order over tagged contacts only (issue 22, point 2). "Customers tagged VIP" counted its
-- first 10,001 matches by walking ~183,000 entries of contacts_merchant_created_idx (27 ms at
-- 1,000,000 contacts, 1 in 11 tagged); this index holds only the tagged contacts, so a tag filter
-- with any other walks those (3 ms), and importing or adding an untagged contact writes nothing
-- here. The list says `tags <> '{}'` beside every tag filter (contactsWhere) so that the planner can
-- use it. INCLUDE columns as in 0007: the other filters are checked without the table.
CREATE INDEX "contacts_merchant_tagged_idx" ON "contacts" USING btree ("merchant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("location_id","type","email_opt_in","sms_opt_in","last_activity_at","tags") WHERE "contacts"."tags" <> '{}'::text[];
