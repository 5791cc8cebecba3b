DROP INDEX "deliveries_merchant_channel_queued_idx";--> statement-breakpoint
CREATE INDEX "deliveries_sending_idx" ON "deliveries" USING btree ("id") WHERE "deliveries"."status" = 'sending';