ALTER TABLE "snapshot_members" DROP CONSTRAINT "snapshot_members_merchant_id_merchants_id_fk";
--> statement-breakpoint
ALTER TABLE "snapshot_members" DROP CONSTRAINT "snapshot_members_snapshot_id_member_snapshots_id_fk";
--> statement-breakpoint
ALTER TABLE "snapshot_members" DROP CONSTRAINT "snapshot_members_contact_id_contacts_id_fk";
--> statement-breakpoint
-- Snapshot members keep their cascade from snapshots and contacts through statement triggers
-- instead of foreign keys (as deliveries since 0010): each key's check locked the referenced row
-- for every member, a million contact rows for a million-member audience. A merchant's deletion
-- reaches its members through its snapshots (member_snapshots keeps its key to merchants).
CREATE FUNCTION "snapshot_members_cascade_from_snapshots"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "snapshot_members" WHERE "snapshot_id" IN (SELECT "id" FROM "gone");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "snapshot_members_cascade_from_snapshots" AFTER DELETE ON "member_snapshots"
  REFERENCING OLD TABLE AS "gone" FOR EACH STATEMENT EXECUTE FUNCTION "snapshot_members_cascade_from_snapshots"();
--> statement-breakpoint
CREATE FUNCTION "snapshot_members_cascade_from_contacts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "snapshot_members" WHERE "contact_id" IN (SELECT "id" FROM "gone");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "snapshot_members_cascade_from_contacts" AFTER DELETE ON "contacts"
  REFERENCING OLD TABLE AS "gone" FOR EACH STATEMENT EXECUTE FUNCTION "snapshot_members_cascade_from_contacts"();
