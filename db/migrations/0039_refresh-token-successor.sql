ALTER TABLE "refresh_tokens" ADD COLUMN "successor_id" integer;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "successor_sealed" text;