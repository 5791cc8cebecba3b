-- Nullable first: existing rows take their merchant from their snapshot, then the column is required.
ALTER TABLE "snapshot_members" ADD COLUMN "merchant_id" integer;--> statement-breakpoint
UPDATE "snapshot_members" SET "merchant_id" = s."merchant_id" FROM "member_snapshots" s WHERE s."id" = "snapshot_members"."snapshot_id";--> statement-breakpoint
ALTER TABLE "snapshot_members" ALTER COLUMN "merchant_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "snapshot_members" ADD CONSTRAINT "snapshot_members_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;
