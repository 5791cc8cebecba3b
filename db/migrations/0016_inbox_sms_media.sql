ALTER TABLE "conversations" ADD COLUMN "last_media_kind" text;--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD COLUMN "media" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD COLUMN "send_error" text;