-- The dashboard's e-mail/SMS figures and request-to-review read deliveries by merchant and time:
-- without these they scanned every merchant's deliveries.
CREATE INDEX "deliveries_merchant_channel_queued_idx" ON "deliveries" USING btree ("merchant_id","channel","queued_at","status","campaign_id");--> statement-breakpoint
CREATE INDEX "deliveries_merchant_sent_idx" ON "deliveries" USING btree ("merchant_id","sent_at","campaign_id") WHERE "deliveries"."status" = 'sent';