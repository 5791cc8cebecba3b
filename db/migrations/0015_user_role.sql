ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
-- Each existing merchant's first user registered it: that user is its owner.
UPDATE "users" SET "role" = 'owner' WHERE "id" IN (SELECT min("id") FROM "users" GROUP BY "merchant_id");
