-- delivery_events keep their key to deliveries (which cascades); the merchant key was redundant and
-- its check locked the merchant row for every event, from two writers at once.
ALTER TABLE "delivery_events" DROP CONSTRAINT "delivery_events_merchant_id_merchants_id_fk";
