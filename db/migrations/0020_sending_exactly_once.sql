CREATE TABLE "message_contents" (
	"hash" text PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"subject" text,
	"text" text NOT NULL,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_versions" (
	"template_id" integer NOT NULL,
	"version" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"subject" text,
	"content" text NOT NULL,
	"content_text" text NOT NULL,
	"scene" text,
	"include_unsubscribe" integer DEFAULT 0 NOT NULL,
	"locale" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "template_versions_template_id_version_pk" PRIMARY KEY("template_id","version")
);
--> statement-breakpoint
CREATE TABLE "send_rates" (
	"transport" text PRIMARY KEY NOT NULL,
	"next_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"per_second" double precision DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "template_version" integer;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "claim_token" uuid;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "content_hash" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "template_version" integer;--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "message_contents" ADD CONSTRAINT "message_contents_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_versions" ADD CONSTRAINT "template_versions_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_contents_merchant_idx" ON "message_contents" USING btree ("merchant_id");