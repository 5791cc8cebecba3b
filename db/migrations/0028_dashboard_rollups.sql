CREATE TABLE "consent_days" (
	"merchant_id" integer NOT NULL,
	"day" date NOT NULL,
	"location_id" integer NOT NULL,
	"channel" smallint NOT NULL,
	"opt_in" integer NOT NULL,
	"opt_out" integer NOT NULL,
	CONSTRAINT "consent_days_merchant_id_day_location_id_channel_pk" PRIMARY KEY("merchant_id","day","location_id","channel")
);
--> statement-breakpoint
CREATE TABLE "contact_days" (
	"merchant_id" integer NOT NULL,
	"day" date NOT NULL,
	"location_id" integer NOT NULL,
	"contacts" integer NOT NULL,
	CONSTRAINT "contact_days_merchant_id_day_location_id_pk" PRIMARY KEY("merchant_id","day","location_id")
);
--> statement-breakpoint
CREATE TABLE "delivery_days" (
	"merchant_id" integer NOT NULL,
	"day" date NOT NULL,
	"campaign_id" integer NOT NULL,
	"channel" smallint NOT NULL,
	"sent" integer NOT NULL,
	"failed" integer NOT NULL,
	CONSTRAINT "delivery_days_merchant_id_day_campaign_id_channel_pk" PRIMARY KEY("merchant_id","day","campaign_id","channel")
);
--> statement-breakpoint
CREATE TABLE "review_days" (
	"merchant_id" integer NOT NULL,
	"day" date NOT NULL,
	"location_id" integer NOT NULL,
	"google" boolean NOT NULL,
	"rating" smallint NOT NULL,
	"reviews" integer NOT NULL,
	"needs_response" integer NOT NULL,
	CONSTRAINT "review_days_merchant_id_day_location_id_google_rating_pk" PRIMARY KEY("merchant_id","day","location_id","google","rating")
);
--> statement-breakpoint
CREATE TABLE "sent_days" (
	"merchant_id" integer NOT NULL,
	"day" date NOT NULL,
	"campaign_id" integer NOT NULL,
	"sent" integer NOT NULL,
	"first_sent_at" timestamp with time zone NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sent_days_merchant_id_day_campaign_id_pk" PRIMARY KEY("merchant_id","day","campaign_id")
);

--> statement-breakpoint
-- The calendar day of an instant, and the instant a day starts, in the zone every dashboard
-- period is cut in (DEFAULT_TIME_ZONE, lib/time/format.ts; tests/integration/dashboard-rollups.test.ts
-- checks they agree).
CREATE FUNCTION "dashboard_day"(at timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT (at AT TIME ZONE 'Asia/Shanghai')::date $$;
--> statement-breakpoint
CREATE FUNCTION "dashboard_day_start"(day date) RETURNS timestamptz LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT day::timestamp AT TIME ZONE 'Asia/Shanghai' $$;
--> statement-breakpoint
-- Each rollup is written by its base table's triggers, in the writer's transaction. A
-- statement's rows enter as +1 (new table) and -1 (old table), summed per rollup key: an update
-- that changes nothing a rollup keys on nets to zero and writes nothing. Keys that only grow are
-- upserted; keys that shrink are only updated, never created, so the cascades of a merchant's
-- deletion cannot leave rows behind whatever order its triggers fire in.
CREATE FUNCTION "review_days_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "review_days" AS d ("merchant_id", "day", "location_id", "google", "rating", "reviews", "needs_response")
  SELECT "merchant_id", "day", "location_id", "google", "rating", "reviews", "needs_response" FROM (
    SELECT "merchant_id", "dashboard_day"("create_time") AS "day", coalesce("location_id", 0) AS "location_id", "site" = 'google' AS "google", "rating",
      sum("sign")::int AS "reviews", coalesce(sum("sign") FILTER (WHERE "reply_comment" IS NULL AND "rating" <= 3), 0)::int AS "needs_response"
    FROM (
      SELECT "merchant_id", "create_time", "location_id", "site", "rating", "reply_comment", 1 AS "sign" FROM "added" WHERE TRUE
    ) AS x GROUP BY 1, 2, 3, 4, 5
  ) AS a
  WHERE "reviews" >= 0 AND "needs_response" >= 0 AND ("reviews" > 0 OR "needs_response" > 0)
  -- In key order: two writers' statements lock shared rollup rows in the same order (no deadlock).
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ("merchant_id", "day", "location_id", "google", "rating") DO UPDATE SET "reviews" = d."reviews" + excluded."reviews", "needs_response" = d."needs_response" + excluded."needs_response";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "review_days_insert" AFTER INSERT ON "reviews"
  REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "review_days_insert"();
--> statement-breakpoint
CREATE FUNCTION "review_days_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "review_days" AS d SET "reviews" = d."reviews" + a."reviews", "needs_response" = d."needs_response" + a."needs_response"
  FROM (
    SELECT "merchant_id", "dashboard_day"("create_time") AS "day", coalesce("location_id", 0) AS "location_id", "site" = 'google' AS "google", "rating",
      sum("sign")::int AS "reviews", coalesce(sum("sign") FILTER (WHERE "reply_comment" IS NULL AND "rating" <= 3), 0)::int AS "needs_response"
    FROM (
      SELECT "merchant_id", "create_time", "location_id", "site", "rating", "reply_comment", -1 AS "sign" FROM "gone" WHERE TRUE
    ) AS x GROUP BY 1, 2, 3, 4, 5
  ) AS a
  WHERE d."merchant_id" = a."merchant_id" AND d."day" = a."day" AND d."location_id" = a."location_id" AND d."google" = a."google" AND d."rating" = a."rating" AND (a."reviews" < 0 OR a."needs_response" < 0);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "review_days_delete" AFTER DELETE ON "reviews"
  REFERENCING OLD TABLE AS "gone" FOR EACH STATEMENT EXECUTE FUNCTION "review_days_delete"();
--> statement-breakpoint
CREATE FUNCTION "review_days_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "review_days" AS d ("merchant_id", "day", "location_id", "google", "rating", "reviews", "needs_response")
  SELECT "merchant_id", "day", "location_id", "google", "rating", "reviews", "needs_response" FROM (
    SELECT "merchant_id", "dashboard_day"("create_time") AS "day", coalesce("location_id", 0) AS "location_id", "site" = 'google' AS "google", "rating",
      sum("sign")::int AS "reviews", coalesce(sum("sign") FILTER (WHERE "reply_comment" IS NULL AND "rating" <= 3), 0)::int AS "needs_response"
    FROM (
      SELECT "merchant_id", "create_time", "location_id", "site", "rating", "reply_comment", 1 AS "sign" FROM "added" WHERE TRUE
      UNION ALL SELECT "merchant_id", "create_time", "location_id", "site", "rating", "reply_comment", -1 AS "sign" FROM "gone" WHERE TRUE
    ) AS x GROUP BY 1, 2, 3, 4, 5
  ) AS a
  WHERE "reviews" >= 0 AND "needs_response" >= 0 AND ("reviews" > 0 OR "needs_response" > 0)
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ("merchant_id", "day", "location_id", "google", "rating") DO UPDATE SET "reviews" = d."reviews" + excluded."reviews", "needs_response" = d."needs_response" + excluded."needs_response";
  UPDATE "review_days" AS d SET "reviews" = d."reviews" + a."reviews", "needs_response" = d."needs_response" + a."needs_response"
  FROM (
    SELECT "merchant_id", "dashboard_day"("create_time") AS "day", coalesce("location_id", 0) AS "location_id", "site" = 'google' AS "google", "rating",
      sum("sign")::int AS "reviews", coalesce(sum("sign") FILTER (WHERE "reply_comment" IS NULL AND "rating" <= 3), 0)::int AS "needs_response"
    FROM (
      SELECT "merchant_id", "create_time", "location_id", "site", "rating", "reply_comment", 1 AS "sign" FROM "added" WHERE TRUE
      UNION ALL SELECT "merchant_id", "create_time", "location_id", "site", "rating", "reply_comment", -1 AS "sign" FROM "gone" WHERE TRUE
    ) AS x GROUP BY 1, 2, 3, 4, 5
  ) AS a
  WHERE d."merchant_id" = a."merchant_id" AND d."day" = a."day" AND d."location_id" = a."location_id" AND d."google" = a."google" AND d."rating" = a."rating" AND (a."reviews" < 0 OR a."needs_response" < 0);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "review_days_update" AFTER UPDATE ON "reviews"
  REFERENCING OLD TABLE AS "gone" NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "review_days_update"();
--> statement-breakpoint
CREATE FUNCTION "contact_days_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "contact_days" AS d ("merchant_id", "day", "location_id", "contacts")
  SELECT "merchant_id", "day", "location_id", "contacts" FROM (
    SELECT "merchant_id", "dashboard_day"("created_at") AS "day", coalesce("location_id", 0) AS "location_id", count(*)::int AS "contacts"
    FROM "added" GROUP BY 1, 2, 3
  ) AS a
  WHERE "contacts" >= 0 AND ("contacts" > 0)
  ORDER BY 1, 2, 3
  ON CONFLICT ("merchant_id", "day", "location_id") DO UPDATE SET "contacts" = d."contacts" + excluded."contacts";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "contact_days_insert" AFTER INSERT ON "contacts"
  REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "contact_days_insert"();
--> statement-breakpoint
-- A deleted contact takes its consent history along (consent_events_cascade_from_contacts): its
-- events leave consent_days here, while the contact's location is still known. Triggers of one
-- event fire in name order: "consent_days_..." runs before "consent_events_...".
CREATE FUNCTION "consent_days_leave_with_contacts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "consent_days" AS d SET "opt_in" = d."opt_in" + a."opt_in", "opt_out" = d."opt_out" + a."opt_out"
  FROM (
    SELECT e."merchant_id", "dashboard_day"(e."created_at") AS "day", coalesce(c."location_id", 0) AS "location_id", (CASE e."channel" WHEN 'sms' THEN 1 ELSE 0 END)::smallint AS "channel",
      (-count(*) FILTER (WHERE e."action" = 'optin'))::int AS "opt_in", (-count(*) FILTER (WHERE e."action" = 'optout'))::int AS "opt_out"
    FROM "gone" c JOIN "contact_consent_events" e ON e."contact_id" = c."id" GROUP BY 1, 2, 3, 4
  ) AS a
  WHERE d."merchant_id" = a."merchant_id" AND d."day" = a."day" AND d."location_id" = a."location_id" AND d."channel" = a."channel" AND (a."opt_in" < 0 OR a."opt_out" < 0);
  UPDATE "contact_days" AS d SET "contacts" = d."contacts" + a."contacts"
  FROM (
    SELECT "merchant_id", "dashboard_day"("created_at") AS "day", coalesce("location_id", 0) AS "location_id", -count(*)::int AS "contacts"
    FROM "gone" GROUP BY 1, 2, 3
  ) AS a
  WHERE d."merchant_id" = a."merchant_id" AND d."day" = a."day" AND d."location_id" = a."location_id" AND (a."contacts" < 0);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "consent_days_leave_with_contacts" AFTER DELETE ON "contacts"
  REFERENCING OLD TABLE AS "gone" FOR EACH STATEMENT EXECUTE FUNCTION "consent_days_leave_with_contacts"();
--> statement-breakpoint
-- A contact's move (or its location's deletion) moves it and its consent history: a row trigger
-- that fires only when the location or the creation time changes, so the many other updates of
-- contacts (activity, consent flags, imports' merges) pay nothing. Nothing is added for a merchant
-- being deleted (its locations' deletion moves its contacts to "no location" on the way).
CREATE FUNCTION "contact_days_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "contact_days" AS d ("merchant_id", "day", "location_id", "contacts")
  SELECT "merchant_id", "day", "location_id", "contacts" FROM (
    SELECT OLD."merchant_id", "dashboard_day"(OLD."created_at") AS "day", coalesce(OLD."location_id", 0) AS "location_id", -1 AS "contacts"
    UNION ALL
    SELECT NEW."merchant_id", "dashboard_day"(NEW."created_at"), coalesce(NEW."location_id", 0), 1
    WHERE EXISTS (SELECT 1 FROM "merchants" m WHERE m."id" = NEW."merchant_id")
  ) AS a
  WHERE "contacts" >= 0 AND ("contacts" > 0)
  ORDER BY 1, 2, 3
  ON CONFLICT ("merchant_id", "day", "location_id") DO UPDATE SET "contacts" = d."contacts" + excluded."contacts";
  UPDATE "contact_days" AS d SET "contacts" = d."contacts" + a."contacts"
  FROM (
    SELECT OLD."merchant_id", "dashboard_day"(OLD."created_at") AS "day", coalesce(OLD."location_id", 0) AS "location_id", -1 AS "contacts"
    UNION ALL
    SELECT NEW."merchant_id", "dashboard_day"(NEW."created_at"), coalesce(NEW."location_id", 0), 1
    WHERE EXISTS (SELECT 1 FROM "merchants" m WHERE m."id" = NEW."merchant_id")
  ) AS a
  WHERE d."merchant_id" = a."merchant_id" AND d."day" = a."day" AND d."location_id" = a."location_id" AND (a."contacts" < 0);
  IF OLD."location_id" IS DISTINCT FROM NEW."location_id" THEN
  INSERT INTO "consent_days" AS d ("merchant_id", "day", "location_id", "channel", "opt_in", "opt_out")
  SELECT "merchant_id", "day", "location_id", "channel", "opt_in", "opt_out" FROM (
    SELECT e."merchant_id", "dashboard_day"(e."created_at") AS "day", coalesce(l."location_id", 0) AS "location_id", (CASE e."channel" WHEN 'sms' THEN 1 ELSE 0 END)::smallint AS "channel",
      (l."sign" * count(*) FILTER (WHERE e."action" = 'optin'))::int AS "opt_in", (l."sign" * count(*) FILTER (WHERE e."action" = 'optout'))::int AS "opt_out"
    FROM "contact_consent_events" e, (VALUES (OLD."location_id", -1), (NEW."location_id", 1)) AS l("location_id", "sign")
    WHERE e."contact_id" = NEW."id" AND EXISTS (SELECT 1 FROM "merchants" m WHERE m."id" = NEW."merchant_id")
    GROUP BY 1, 2, 3, 4, l."sign"
  ) AS a
  WHERE "opt_in" >= 0 AND "opt_out" >= 0 AND ("opt_in" > 0 OR "opt_out" > 0)
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ("merchant_id", "day", "location_id", "channel") DO UPDATE SET "opt_in" = d."opt_in" + excluded."opt_in", "opt_out" = d."opt_out" + excluded."opt_out";
  UPDATE "consent_days" AS d SET "opt_in" = d."opt_in" + a."opt_in", "opt_out" = d."opt_out" + a."opt_out"
  FROM (
    SELECT e."merchant_id", "dashboard_day"(e."created_at") AS "day", coalesce(l."location_id", 0) AS "location_id", (CASE e."channel" WHEN 'sms' THEN 1 ELSE 0 END)::smallint AS "channel",
      (l."sign" * count(*) FILTER (WHERE e."action" = 'optin'))::int AS "opt_in", (l."sign" * count(*) FILTER (WHERE e."action" = 'optout'))::int AS "opt_out"
    FROM "contact_consent_events" e, (VALUES (OLD."location_id", -1), (NEW."location_id", 1)) AS l("location_id", "sign")
    WHERE e."contact_id" = NEW."id" AND EXISTS (SELECT 1 FROM "merchants" m WHERE m."id" = NEW."merchant_id")
    GROUP BY 1, 2, 3, 4, l."sign"
  ) AS a
  WHERE d."merchant_id" = a."merchant_id" AND d."day" = a."day" AND d."location_id" = a."location_id" AND d."channel" = a."channel" AND (a."opt_in" < 0 OR a."opt_out" < 0);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "contact_days_move" AFTER UPDATE OF "location_id", "created_at" ON "contacts" FOR EACH ROW
  WHEN (OLD."location_id" IS DISTINCT FROM NEW."location_id" OR OLD."created_at" IS DISTINCT FROM NEW."created_at")
  EXECUTE FUNCTION "contact_days_move"();
--> statement-breakpoint
CREATE FUNCTION "consent_days_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "consent_days" AS d ("merchant_id", "day", "location_id", "channel", "opt_in", "opt_out")
  SELECT "merchant_id", "day", "location_id", "channel", "opt_in", "opt_out" FROM (
    SELECT e."merchant_id", "dashboard_day"(e."created_at") AS "day", coalesce(c."location_id", 0) AS "location_id", (CASE e."channel" WHEN 'sms' THEN 1 ELSE 0 END)::smallint AS "channel",
      (count(*) FILTER (WHERE e."action" = 'optin'))::int AS "opt_in", (count(*) FILTER (WHERE e."action" = 'optout'))::int AS "opt_out"
    FROM "added" e JOIN "contacts" c ON c."id" = e."contact_id" GROUP BY 1, 2, 3, 4
  ) AS a
  WHERE "opt_in" >= 0 AND "opt_out" >= 0 AND ("opt_in" > 0 OR "opt_out" > 0)
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ("merchant_id", "day", "location_id", "channel") DO UPDATE SET "opt_in" = d."opt_in" + excluded."opt_in", "opt_out" = d."opt_out" + excluded."opt_out";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "consent_days_insert" AFTER INSERT ON "contact_consent_events"
  REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "consent_days_insert"();
--> statement-breakpoint
CREATE FUNCTION "consent_days_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "consent_days" AS d SET "opt_in" = d."opt_in" + a."opt_in", "opt_out" = d."opt_out" + a."opt_out"
  FROM (
    SELECT e."merchant_id", "dashboard_day"(e."created_at") AS "day", coalesce(c."location_id", 0) AS "location_id", (CASE e."channel" WHEN 'sms' THEN 1 ELSE 0 END)::smallint AS "channel",
      (-count(*) FILTER (WHERE e."action" = 'optin'))::int AS "opt_in", (-count(*) FILTER (WHERE e."action" = 'optout'))::int AS "opt_out"
    FROM "gone" e JOIN "contacts" c ON c."id" = e."contact_id" GROUP BY 1, 2, 3, 4
  ) AS a
  WHERE d."merchant_id" = a."merchant_id" AND d."day" = a."day" AND d."location_id" = a."location_id" AND d."channel" = a."channel" AND (a."opt_in" < 0 OR a."opt_out" < 0);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "consent_days_delete" AFTER DELETE ON "contact_consent_events"
  REFERENCING OLD TABLE AS "gone" FOR EACH STATEMENT EXECUTE FUNCTION "consent_days_delete"();
--> statement-breakpoint
CREATE FUNCTION "delivery_days_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "delivery_days" AS d ("merchant_id", "day", "campaign_id", "channel", "sent", "failed")
  SELECT "merchant_id", "day", "campaign_id", "channel", "sent", "failed" FROM (
    SELECT "merchant_id", "dashboard_day"("queued_at") AS "day", "campaign_id", "channel"::smallint AS "channel",
      coalesce(sum("sign") FILTER (WHERE "status" = 'sent'), 0)::int AS "sent", coalesce(sum("sign") FILTER (WHERE "status" = 'failed'), 0)::int AS "failed"
    FROM (
      SELECT "merchant_id", "queued_at", "campaign_id", "channel", "status", 1 AS "sign" FROM "added" WHERE "status" IN ('sent', 'failed')
    ) AS x GROUP BY 1, 2, 3, 4
  ) AS a
  WHERE "sent" >= 0 AND "failed" >= 0 AND ("sent" > 0 OR "failed" > 0)
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ("merchant_id", "day", "campaign_id", "channel") DO UPDATE SET "sent" = d."sent" + excluded."sent", "failed" = d."failed" + excluded."failed";
  -- Sends added (no send of the day taken back): counted on, the day's first and last widened.
  INSERT INTO "sent_days" AS d ("merchant_id", "day", "campaign_id", "sent", "first_sent_at", "last_sent_at")
  SELECT "merchant_id", "day", "campaign_id", sum("n"), min("sent_at"), max("sent_at")
  FROM (SELECT "merchant_id", "dashboard_day"("sent_at") AS "day", "campaign_id", "sent_at", sum("sign") AS "n"
    FROM (
      SELECT "merchant_id", "campaign_id", "sent_at", 1 AS "sign" FROM "added" WHERE "status" = 'sent' AND "sent_at" IS NOT NULL
    ) AS x GROUP BY 1, 2, 3, 4 HAVING sum("sign") <> 0) AS k
  GROUP BY 1, 2, 3 HAVING bool_and("n" > 0)
  ORDER BY 1, 2, 3
  ON CONFLICT ("merchant_id", "day", "campaign_id") DO UPDATE
    SET "sent" = d."sent" + excluded."sent", "first_sent_at" = least(d."first_sent_at", excluded."first_sent_at"),
      "last_sent_at" = greatest(d."last_sent_at", excluded."last_sent_at");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "delivery_days_insert" AFTER INSERT ON "deliveries"
  REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "delivery_days_insert"();
--> statement-breakpoint
CREATE FUNCTION "delivery_days_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "delivery_days" AS d SET "sent" = d."sent" + a."sent", "failed" = d."failed" + a."failed"
  FROM (
    SELECT "merchant_id", "dashboard_day"("queued_at") AS "day", "campaign_id", "channel"::smallint AS "channel",
      coalesce(sum("sign") FILTER (WHERE "status" = 'sent'), 0)::int AS "sent", coalesce(sum("sign") FILTER (WHERE "status" = 'failed'), 0)::int AS "failed"
    FROM (
      SELECT "merchant_id", "queued_at", "campaign_id", "channel", "status", -1 AS "sign" FROM "gone" WHERE "status" IN ('sent', 'failed')
    ) AS x GROUP BY 1, 2, 3, 4
  ) AS a
  WHERE d."merchant_id" = a."merchant_id" AND d."day" = a."day" AND d."campaign_id" = a."campaign_id" AND d."channel" = a."channel" AND (a."sent" < 0 OR a."failed" < 0);
  -- A send taken back (a later failure report, a deletion): its day is counted again from the
  -- deliveries (deliveries_merchant_sent_idx), as a first or last send cannot be subtracted.
  DELETE FROM "sent_days" d USING (
    SELECT DISTINCT "merchant_id", "day", "campaign_id" FROM (SELECT "merchant_id", "dashboard_day"("sent_at") AS "day", "campaign_id", "sent_at", sum("sign") AS "n"
    FROM (
      SELECT "merchant_id", "campaign_id", "sent_at", -1 AS "sign" FROM "gone" WHERE "status" = 'sent' AND "sent_at" IS NOT NULL
    ) AS x GROUP BY 1, 2, 3, 4 HAVING sum("sign") <> 0) AS k WHERE "n" < 0
  ) AS k WHERE d."merchant_id" = k."merchant_id" AND d."day" = k."day" AND d."campaign_id" = k."campaign_id";
  INSERT INTO "sent_days" ("merchant_id", "day", "campaign_id", "sent", "first_sent_at", "last_sent_at")
  SELECT k."merchant_id", k."day", k."campaign_id", count(*), min(v."sent_at"), max(v."sent_at")
  FROM (SELECT DISTINCT "merchant_id", "day", "campaign_id" FROM (SELECT "merchant_id", "dashboard_day"("sent_at") AS "day", "campaign_id", "sent_at", sum("sign") AS "n"
    FROM (
      SELECT "merchant_id", "campaign_id", "sent_at", -1 AS "sign" FROM "gone" WHERE "status" = 'sent' AND "sent_at" IS NOT NULL
    ) AS x GROUP BY 1, 2, 3, 4 HAVING sum("sign") <> 0) AS k WHERE "n" < 0) AS k
  JOIN "deliveries" v ON v."merchant_id" = k."merchant_id" AND v."status" = 'sent' AND v."campaign_id" = k."campaign_id"
    AND v."sent_at" >= "dashboard_day_start"(k."day") AND v."sent_at" < "dashboard_day_start"(k."day" + 1)
  GROUP BY 1, 2, 3;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "delivery_days_delete" AFTER DELETE ON "deliveries"
  REFERENCING OLD TABLE AS "gone" FOR EACH STATEMENT EXECUTE FUNCTION "delivery_days_delete"();
--> statement-breakpoint
CREATE FUNCTION "delivery_days_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Most updates of deliveries touch nothing rolled up: a claim (queued -> sending), an attempt
  -- marker, an open or a click. They leave here after a look at the statement's rows.
  IF NOT EXISTS (SELECT 1 FROM "gone" WHERE "status" IN ('sent', 'failed')) THEN
    IF NOT EXISTS (SELECT 1 FROM "added" WHERE "status" IN ('sent', 'failed')) THEN
      RETURN NULL;
    END IF;
    -- The dispatcher's outcomes: rows become sent or failed, none was before. Additions only.
  INSERT INTO "delivery_days" AS d ("merchant_id", "day", "campaign_id", "channel", "sent", "failed")
  SELECT "merchant_id", "day", "campaign_id", "channel", "sent", "failed" FROM (
    SELECT "merchant_id", "dashboard_day"("queued_at") AS "day", "campaign_id", "channel"::smallint AS "channel",
      coalesce(sum("sign") FILTER (WHERE "status" = 'sent'), 0)::int AS "sent", coalesce(sum("sign") FILTER (WHERE "status" = 'failed'), 0)::int AS "failed"
    FROM (
      SELECT "merchant_id", "queued_at", "campaign_id", "channel", "status", 1 AS "sign" FROM "added" WHERE "status" IN ('sent', 'failed')
      UNION ALL SELECT "merchant_id", "queued_at", "campaign_id", "channel", "status", -1 AS "sign" FROM "gone" WHERE "status" IN ('sent', 'failed')
    ) AS x GROUP BY 1, 2, 3, 4
  ) AS a
  WHERE "sent" >= 0 AND "failed" >= 0 AND ("sent" > 0 OR "failed" > 0)
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ("merchant_id", "day", "campaign_id", "channel") DO UPDATE SET "sent" = d."sent" + excluded."sent", "failed" = d."failed" + excluded."failed";
  -- Sends added (no send of the day taken back): counted on, the day's first and last widened.
  INSERT INTO "sent_days" AS d ("merchant_id", "day", "campaign_id", "sent", "first_sent_at", "last_sent_at")
  SELECT "merchant_id", "day", "campaign_id", sum("n"), min("sent_at"), max("sent_at")
  FROM (SELECT "merchant_id", "dashboard_day"("sent_at") AS "day", "campaign_id", "sent_at", sum("sign") AS "n"
    FROM (
      SELECT "merchant_id", "campaign_id", "sent_at", 1 AS "sign" FROM "added" WHERE "status" = 'sent' AND "sent_at" IS NOT NULL
      UNION ALL SELECT "merchant_id", "campaign_id", "sent_at", -1 AS "sign" FROM "gone" WHERE "status" = 'sent' AND "sent_at" IS NOT NULL
    ) AS x GROUP BY 1, 2, 3, 4 HAVING sum("sign") <> 0) AS k
  GROUP BY 1, 2, 3 HAVING bool_and("n" > 0)
  ORDER BY 1, 2, 3
  ON CONFLICT ("merchant_id", "day", "campaign_id") DO UPDATE
    SET "sent" = d."sent" + excluded."sent", "first_sent_at" = least(d."first_sent_at", excluded."first_sent_at"),
      "last_sent_at" = greatest(d."last_sent_at", excluded."last_sent_at");
    RETURN NULL;
  END IF;
  IF NOT EXISTS (
    SELECT 1 FROM "added" n JOIN "gone" o ON o."id" = n."id"
    WHERE (n."status" IN ('sent', 'failed') OR o."status" IN ('sent', 'failed'))
      AND (n."status", n."sent_at", n."queued_at", n."campaign_id", n."channel", n."merchant_id")
        IS DISTINCT FROM (o."status", o."sent_at", o."queued_at", o."campaign_id", o."channel", o."merchant_id")
  ) THEN
    RETURN NULL;
  END IF;
  INSERT INTO "delivery_days" AS d ("merchant_id", "day", "campaign_id", "channel", "sent", "failed")
  SELECT "merchant_id", "day", "campaign_id", "channel", "sent", "failed" FROM (
    SELECT "merchant_id", "dashboard_day"("queued_at") AS "day", "campaign_id", "channel"::smallint AS "channel",
      coalesce(sum("sign") FILTER (WHERE "status" = 'sent'), 0)::int AS "sent", coalesce(sum("sign") FILTER (WHERE "status" = 'failed'), 0)::int AS "failed"
    FROM (
      SELECT "merchant_id", "queued_at", "campaign_id", "channel", "status", 1 AS "sign" FROM "added" WHERE "status" IN ('sent', 'failed')
      UNION ALL SELECT "merchant_id", "queued_at", "campaign_id", "channel", "status", -1 AS "sign" FROM "gone" WHERE "status" IN ('sent', 'failed')
    ) AS x GROUP BY 1, 2, 3, 4
  ) AS a
  WHERE "sent" >= 0 AND "failed" >= 0 AND ("sent" > 0 OR "failed" > 0)
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ("merchant_id", "day", "campaign_id", "channel") DO UPDATE SET "sent" = d."sent" + excluded."sent", "failed" = d."failed" + excluded."failed";
  UPDATE "delivery_days" AS d SET "sent" = d."sent" + a."sent", "failed" = d."failed" + a."failed"
  FROM (
    SELECT "merchant_id", "dashboard_day"("queued_at") AS "day", "campaign_id", "channel"::smallint AS "channel",
      coalesce(sum("sign") FILTER (WHERE "status" = 'sent'), 0)::int AS "sent", coalesce(sum("sign") FILTER (WHERE "status" = 'failed'), 0)::int AS "failed"
    FROM (
      SELECT "merchant_id", "queued_at", "campaign_id", "channel", "status", 1 AS "sign" FROM "added" WHERE "status" IN ('sent', 'failed')
      UNION ALL SELECT "merchant_id", "queued_at", "campaign_id", "channel", "status", -1 AS "sign" FROM "gone" WHERE "status" IN ('sent', 'failed')
    ) AS x GROUP BY 1, 2, 3, 4
  ) AS a
  WHERE d."merchant_id" = a."merchant_id" AND d."day" = a."day" AND d."campaign_id" = a."campaign_id" AND d."channel" = a."channel" AND (a."sent" < 0 OR a."failed" < 0);
  -- Sends added (no send of the day taken back): counted on, the day's first and last widened.
  INSERT INTO "sent_days" AS d ("merchant_id", "day", "campaign_id", "sent", "first_sent_at", "last_sent_at")
  SELECT "merchant_id", "day", "campaign_id", sum("n"), min("sent_at"), max("sent_at")
  FROM (SELECT "merchant_id", "dashboard_day"("sent_at") AS "day", "campaign_id", "sent_at", sum("sign") AS "n"
    FROM (
      SELECT "merchant_id", "campaign_id", "sent_at", 1 AS "sign" FROM "added" WHERE "status" = 'sent' AND "sent_at" IS NOT NULL
      UNION ALL SELECT "merchant_id", "campaign_id", "sent_at", -1 AS "sign" FROM "gone" WHERE "status" = 'sent' AND "sent_at" IS NOT NULL
    ) AS x GROUP BY 1, 2, 3, 4 HAVING sum("sign") <> 0) AS k
  GROUP BY 1, 2, 3 HAVING bool_and("n" > 0)
  ORDER BY 1, 2, 3
  ON CONFLICT ("merchant_id", "day", "campaign_id") DO UPDATE
    SET "sent" = d."sent" + excluded."sent", "first_sent_at" = least(d."first_sent_at", excluded."first_sent_at"),
      "last_sent_at" = greatest(d."last_sent_at", excluded."last_sent_at");
  -- A send taken back (a later failure report, a deletion): its day is counted again from the
  -- deliveries (deliveries_merchant_sent_idx), as a first or last send cannot be subtracted.
  DELETE FROM "sent_days" d USING (
    SELECT DISTINCT "merchant_id", "day", "campaign_id" FROM (SELECT "merchant_id", "dashboard_day"("sent_at") AS "day", "campaign_id", "sent_at", sum("sign") AS "n"
    FROM (
      SELECT "merchant_id", "campaign_id", "sent_at", 1 AS "sign" FROM "added" WHERE "status" = 'sent' AND "sent_at" IS NOT NULL
      UNION ALL SELECT "merchant_id", "campaign_id", "sent_at", -1 AS "sign" FROM "gone" WHERE "status" = 'sent' AND "sent_at" IS NOT NULL
    ) AS x GROUP BY 1, 2, 3, 4 HAVING sum("sign") <> 0) AS k WHERE "n" < 0
  ) AS k WHERE d."merchant_id" = k."merchant_id" AND d."day" = k."day" AND d."campaign_id" = k."campaign_id";
  INSERT INTO "sent_days" ("merchant_id", "day", "campaign_id", "sent", "first_sent_at", "last_sent_at")
  SELECT k."merchant_id", k."day", k."campaign_id", count(*), min(v."sent_at"), max(v."sent_at")
  FROM (SELECT DISTINCT "merchant_id", "day", "campaign_id" FROM (SELECT "merchant_id", "dashboard_day"("sent_at") AS "day", "campaign_id", "sent_at", sum("sign") AS "n"
    FROM (
      SELECT "merchant_id", "campaign_id", "sent_at", 1 AS "sign" FROM "added" WHERE "status" = 'sent' AND "sent_at" IS NOT NULL
      UNION ALL SELECT "merchant_id", "campaign_id", "sent_at", -1 AS "sign" FROM "gone" WHERE "status" = 'sent' AND "sent_at" IS NOT NULL
    ) AS x GROUP BY 1, 2, 3, 4 HAVING sum("sign") <> 0) AS k WHERE "n" < 0) AS k
  JOIN "deliveries" v ON v."merchant_id" = k."merchant_id" AND v."status" = 'sent' AND v."campaign_id" = k."campaign_id"
    AND v."sent_at" >= "dashboard_day_start"(k."day") AND v."sent_at" < "dashboard_day_start"(k."day" + 1)
  GROUP BY 1, 2, 3;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "delivery_days_update" AFTER UPDATE ON "deliveries"
  REFERENCING OLD TABLE AS "gone" NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "delivery_days_update"();
--> statement-breakpoint
-- A merchant's deletion clears its rollups (no foreign key does: see db/schema/dashboard.ts).
CREATE FUNCTION "dashboard_days_leave_with_merchants"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "review_days" WHERE "merchant_id" IN (SELECT "id" FROM "gone");
  DELETE FROM "contact_days" WHERE "merchant_id" IN (SELECT "id" FROM "gone");
  DELETE FROM "consent_days" WHERE "merchant_id" IN (SELECT "id" FROM "gone");
  DELETE FROM "delivery_days" WHERE "merchant_id" IN (SELECT "id" FROM "gone");
  DELETE FROM "sent_days" WHERE "merchant_id" IN (SELECT "id" FROM "gone");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "dashboard_days_leave_with_merchants" AFTER DELETE ON "merchants"
  REFERENCING OLD TABLE AS "gone" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_days_leave_with_merchants"();
--> statement-breakpoint
-- A TRUNCATE fires no delete trigger: the rollups of the emptied table go with it.
CREATE FUNCTION "dashboard_days_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'reviews' THEN TRUNCATE "review_days"; END IF;
  IF TG_TABLE_NAME = 'contacts' THEN TRUNCATE "contact_days", "consent_days"; END IF;
  IF TG_TABLE_NAME = 'contact_consent_events' THEN TRUNCATE "consent_days"; END IF;
  IF TG_TABLE_NAME = 'deliveries' THEN TRUNCATE "delivery_days", "sent_days"; END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "dashboard_days_truncate" AFTER TRUNCATE ON "reviews" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_days_truncate"();
--> statement-breakpoint
CREATE TRIGGER "dashboard_days_truncate" AFTER TRUNCATE ON "contacts" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_days_truncate"();
--> statement-breakpoint
CREATE TRIGGER "dashboard_days_truncate" AFTER TRUNCATE ON "contact_consent_events" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_days_truncate"();
--> statement-breakpoint
CREATE TRIGGER "dashboard_days_truncate" AFTER TRUNCATE ON "deliveries" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_days_truncate"();
--> statement-breakpoint
-- The rows that exist already.
INSERT INTO "review_days" ("merchant_id", "day", "location_id", "google", "rating", "reviews", "needs_response")
SELECT "merchant_id", "dashboard_day"("create_time"), coalesce("location_id", 0), "site" = 'google', "rating",
  count(*), count(*) FILTER (WHERE "reply_comment" IS NULL AND "rating" <= 3)
FROM "reviews" GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO "contact_days" ("merchant_id", "day", "location_id", "contacts")
SELECT "merchant_id", "dashboard_day"("created_at"), coalesce("location_id", 0), count(*) FROM "contacts" GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "consent_days" ("merchant_id", "day", "location_id", "channel", "opt_in", "opt_out")
SELECT e."merchant_id", "dashboard_day"(e."created_at"), coalesce(c."location_id", 0), CASE e."channel" WHEN 'sms' THEN 1 ELSE 0 END,
  count(*) FILTER (WHERE e."action" = 'optin'), count(*) FILTER (WHERE e."action" = 'optout')
FROM "contact_consent_events" e JOIN "contacts" c ON c."id" = e."contact_id" GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO "delivery_days" ("merchant_id", "day", "campaign_id", "channel", "sent", "failed")
SELECT "merchant_id", "dashboard_day"("queued_at"), "campaign_id", "channel",
  count(*) FILTER (WHERE "status" = 'sent'), count(*) FILTER (WHERE "status" = 'failed')
FROM "deliveries" WHERE "status" IN ('sent', 'failed') GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO "sent_days" ("merchant_id", "day", "campaign_id", "sent", "first_sent_at", "last_sent_at")
SELECT "merchant_id", "dashboard_day"("sent_at"), "campaign_id", count(*), min("sent_at"), max("sent_at")
FROM "deliveries" WHERE "status" = 'sent' AND "sent_at" IS NOT NULL GROUP BY 1, 2, 3;
