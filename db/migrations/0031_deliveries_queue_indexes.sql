DROP INDEX "deliveries_merchant_channel_queued_idx";--> statement-breakpoint
CREATE INDEX "deliveries_sending_idx" ON "deliveries" USING btree ("updated_at") WHERE "deliveries"."status" = 'sending';