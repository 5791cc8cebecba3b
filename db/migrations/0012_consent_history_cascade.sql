-- Consent history keeps its cascade from contacts through a statement trigger instead of a foreign
-- key: the key's check locked the contact for every history row, and an import writes two per
-- contact (half the cost of the history insert; bench/RESULTS.md, issue 4). As for deliveries (0010).
ALTER TABLE "contact_consent_events" DROP CONSTRAINT "contact_consent_events_contact_id_contacts_id_fk";
--> statement-breakpoint
CREATE FUNCTION "consent_events_cascade_from_contacts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "contact_consent_events" WHERE "contact_id" IN (SELECT "id" FROM "gone");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "consent_events_cascade_from_contacts" AFTER DELETE ON "contacts"
  REFERENCING OLD TABLE AS "gone" FOR EACH STATEMENT EXECUTE FUNCTION "consent_events_cascade_from_contacts"();
