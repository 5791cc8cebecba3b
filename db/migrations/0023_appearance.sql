ALTER TABLE "users" ADD COLUMN "accent" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "text_size" text;