-- The attempt marker moves from an event row to an unindexed column of the delivery: one HOT
-- update instead of a non-HOT update plus an event row with three index entries per message.
ALTER TABLE "deliveries" ADD COLUMN "attempted_at" timestamp with time zone;--> statement-breakpoint
-- Claims in flight when this runs keep their marker.
UPDATE "deliveries" d SET "attempted_at" = d."updated_at"
WHERE d."status" = 'sending'
  AND EXISTS (SELECT 1 FROM "delivery_events" e WHERE e."delivery_id" = d."id" AND e."type" = 'attempt' AND e."created_at" >= d."updated_at");
