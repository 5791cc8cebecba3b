-- The rollups' triggers (0028, 0029) take rollup rows in one order, so that two writers of the
-- same merchant and day wait for each other instead of deadlocking: contact_days, then
-- consent_days (a contact's creation writes the contact, then its consent events); delivery_days,
-- then sent_days; within a table, in key order. A contact's deletion took consent_days first (found
-- from outside: a creation and a deletion at once answered 500, "deadlock detected").
--
-- Within a table the upserts were in key order already, but a trigger that writes a table twice
-- (what grows upserted, what shrinks updated: a move, a new rating, a send taken back) or updates
-- several rows took them in its statements' order. Such a trigger now first locks the rows it will
-- change, in key order, with the lock its writes take (FOR NO KEY UPDATE); rows it creates did not
-- exist, so no other writer holds them. Triggers that only upsert (the inserts, a send's outcome)
-- are as they were.
CREATE OR REPLACE FUNCTION "consent_days_leave_with_contacts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "contact_days" AS d
  WHERE (d."merchant_id", d."day", d."location_id") IN (SELECT "merchant_id", "dashboard_day"("created_at"), coalesce("location_id", 0) FROM "gone")
  ORDER BY d."merchant_id", d."day", d."location_id" FOR NO KEY UPDATE;
  UPDATE "contact_days" AS d SET "contacts" = d."contacts" + a."contacts"
  FROM (
    SELECT "merchant_id", "dashboard_day"("created_at") AS "day", coalesce("location_id", 0) AS "location_id", -count(*)::int AS "contacts"
    FROM "gone" GROUP BY 1, 2, 3
  ) AS a
  WHERE d."merchant_id" = a."merchant_id" AND d."day" = a."day" AND d."location_id" = a."location_id" AND (a."contacts" < 0);
  PERFORM 1 FROM "consent_days" AS d
  WHERE (d."merchant_id", d."day", d."location_id", d."channel") IN (
    SELECT e."merchant_id", "dashboard_day"(e."created_at"), coalesce(c."location_id", 0), (CASE e."channel" WHEN 'sms' THEN 1 ELSE 0 END)::smallint
    FROM "gone" c JOIN "contact_consent_events" e ON e."contact_id" = c."id" WHERE e."action" IN ('optin', 'optout'))
  ORDER BY d."merchant_id", d."day", d."location_id", d."channel" FOR NO KEY UPDATE;
  UPDATE "consent_days" AS d SET "opt_in" = d."opt_in" + a."opt_in", "opt_out" = d."opt_out" + a."opt_out"
  FROM (
    SELECT e."merchant_id", "dashboard_day"(e."created_at") AS "day", coalesce(c."location_id", 0) AS "location_id", (CASE e."channel" WHEN 'sms' THEN 1 ELSE 0 END)::smallint AS "channel",
      (-count(*) FILTER (WHERE e."action" = 'optin'))::int AS "opt_in", (-count(*) FILTER (WHERE e."action" = 'optout'))::int AS "opt_out"
    FROM "gone" c JOIN "contact_consent_events" e ON e."contact_id" = c."id" GROUP BY 1, 2, 3, 4
  ) AS a
  WHERE d."merchant_id" = a."merchant_id" AND d."day" = a."day" AND d."location_id" = a."location_id" AND d."channel" = a."channel" AND (a."opt_in" < 0 OR a."opt_out" < 0);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "contact_days_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "contact_days" AS d
  WHERE (d."merchant_id", d."day", d."location_id") IN (
    (OLD."merchant_id", "dashboard_day"(OLD."created_at"), coalesce(OLD."location_id", 0)), (NEW."merchant_id", "dashboard_day"(NEW."created_at"), coalesce(NEW."location_id", 0)))
  ORDER BY d."merchant_id", d."day", d."location_id" FOR NO KEY UPDATE;
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
  PERFORM 1 FROM "consent_days" AS d
  WHERE (d."merchant_id", d."day", d."location_id", d."channel") IN (
    SELECT e."merchant_id", "dashboard_day"(e."created_at"), coalesce(l."location_id", 0), (CASE e."channel" WHEN 'sms' THEN 1 ELSE 0 END)::smallint
    FROM "contact_consent_events" e, (VALUES (OLD."location_id"), (NEW."location_id")) AS l("location_id")
    WHERE e."contact_id" = NEW."id" AND e."action" IN ('optin', 'optout'))
  ORDER BY d."merchant_id", d."day", d."location_id", d."channel" FOR NO KEY UPDATE;
  INSERT INTO "consent_days" AS d ("merchant_id", "day", "location_id", "channel", "opt_in", "opt_out")
  SELECT "merchant_id", "day", "location_id", "channel", "opt_in", "opt_out" FROM (
    SELECT e."merchant_id", "dashboard_day"(e."created_at") AS "day", coalesce(l."location_id", 0) AS "location_id", (CASE e."channel" WHEN 'sms' THEN 1 ELSE 0 END)::smallint AS "channel",
      (l."sign" * count(*) FILTER (WHERE e."action" = 'optin'))::int AS "opt_in", (l."sign" * count(*) FILTER (WHERE e."action" = 'optout'))::int AS "opt_out"
    FROM "contact_consent_events" e, (VALUES (OLD."location_id", -1), (NEW."location_id", 1)) AS l("location_id", "sign")
    WHERE e."contact_id" = NEW."id" AND EXISTS (SELECT 1 FROM "merchants" m WHERE m."id" = NEW."merchant_id")
      AND NOT EXISTS (SELECT 1 FROM "contacts" w WHERE w."id" = NEW."id" AND w."xmin" = e."xmin" AND w."cmin" = e."cmin")
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
      AND NOT EXISTS (SELECT 1 FROM "contacts" w WHERE w."id" = NEW."id" AND w."xmin" = e."xmin" AND w."cmin" = e."cmin")
    GROUP BY 1, 2, 3, 4, l."sign"
  ) AS a
  WHERE d."merchant_id" = a."merchant_id" AND d."day" = a."day" AND d."location_id" = a."location_id" AND d."channel" = a."channel" AND (a."opt_in" < 0 OR a."opt_out" < 0);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "consent_days_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "consent_days" AS d
  WHERE (d."merchant_id", d."day", d."location_id", d."channel") IN (
    SELECT e."merchant_id", "dashboard_day"(e."created_at"), coalesce(c."location_id", 0), (CASE e."channel" WHEN 'sms' THEN 1 ELSE 0 END)::smallint
    FROM "gone" e JOIN "contacts" c ON c."id" = e."contact_id" WHERE e."action" IN ('optin', 'optout'))
  ORDER BY d."merchant_id", d."day", d."location_id", d."channel" FOR NO KEY UPDATE;
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
CREATE OR REPLACE FUNCTION "review_days_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "review_days" AS d
  WHERE (d."merchant_id", d."day", d."location_id", d."google", d."rating") IN (
    SELECT "merchant_id", "dashboard_day"("create_time"), coalesce("location_id", 0), "site" = 'google', "rating" FROM "gone")
  ORDER BY d."merchant_id", d."day", d."location_id", d."google", d."rating" FOR NO KEY UPDATE;
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
-- Most updates of reviews change nothing rolled up (a sync's fresh update_time): only the keys
-- whose counts move are locked, as only they are written.
CREATE OR REPLACE FUNCTION "review_days_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "review_days" AS d JOIN (
    SELECT "merchant_id", "dashboard_day"("create_time") AS "day", coalesce("location_id", 0) AS "location_id", "site" = 'google' AS "google", "rating",
      sum("sign")::int AS "reviews", coalesce(sum("sign") FILTER (WHERE "reply_comment" IS NULL AND "rating" <= 3), 0)::int AS "needs_response"
    FROM (
      SELECT "merchant_id", "create_time", "location_id", "site", "rating", "reply_comment", 1 AS "sign" FROM "added" WHERE TRUE
      UNION ALL SELECT "merchant_id", "create_time", "location_id", "site", "rating", "reply_comment", -1 AS "sign" FROM "gone" WHERE TRUE
    ) AS x GROUP BY 1, 2, 3, 4, 5
  ) AS a ON d."merchant_id" = a."merchant_id" AND d."day" = a."day" AND d."location_id" = a."location_id" AND d."google" = a."google" AND d."rating" = a."rating"
  WHERE a."reviews" <> 0 OR a."needs_response" <> 0
  ORDER BY d."merchant_id", d."day", d."location_id", d."google", d."rating" FOR NO KEY UPDATE OF d;
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
CREATE OR REPLACE FUNCTION "delivery_days_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "delivery_days" AS d
  WHERE (d."merchant_id", d."day", d."campaign_id", d."channel") IN (
    SELECT "merchant_id", "dashboard_day"("queued_at"), "campaign_id", "channel"::smallint FROM "gone" WHERE "status" IN ('sent', 'failed'))
  ORDER BY d."merchant_id", d."day", d."campaign_id", d."channel" FOR NO KEY UPDATE;
  UPDATE "delivery_days" AS d SET "sent" = d."sent" + a."sent", "failed" = d."failed" + a."failed"
  FROM (
    SELECT "merchant_id", "dashboard_day"("queued_at") AS "day", "campaign_id", "channel"::smallint AS "channel",
      coalesce(sum("sign") FILTER (WHERE "status" = 'sent'), 0)::int AS "sent", coalesce(sum("sign") FILTER (WHERE "status" = 'failed'), 0)::int AS "failed"
    FROM (
      SELECT "merchant_id", "queued_at", "campaign_id", "channel", "status", -1 AS "sign" FROM "gone" WHERE "status" IN ('sent', 'failed')
    ) AS x GROUP BY 1, 2, 3, 4
  ) AS a
  WHERE d."merchant_id" = a."merchant_id" AND d."day" = a."day" AND d."campaign_id" = a."campaign_id" AND d."channel" = a."channel" AND (a."sent" < 0 OR a."failed" < 0);
  PERFORM 1 FROM "sent_days" AS d
  WHERE (d."merchant_id", d."day", d."campaign_id") IN (
    SELECT "merchant_id", "dashboard_day"("sent_at"), "campaign_id" FROM "gone" WHERE "status" = 'sent' AND "sent_at" IS NOT NULL)
  ORDER BY d."merchant_id", d."day", d."campaign_id" FOR NO KEY UPDATE;
  -- A send taken back (a later failure report, a deletion): the day's count moves by the
  -- statement's net change, like every other count (so another trigger of the same statement adds
  -- its own, before or after); its first and last send are found again among the deliveries
  -- (deliveries_merchant_sent_idx), as they cannot be subtracted. Updated only, never created.
  UPDATE "sent_days" AS d SET "sent" = d."sent" + k."n",
    "first_sent_at" = coalesce((SELECT min(v."sent_at") FROM "deliveries" v WHERE v."merchant_id" = k."merchant_id" AND v."status" = 'sent' AND v."campaign_id" = k."campaign_id"
        AND v."sent_at" >= "dashboard_day_start"(k."day") AND v."sent_at" < "dashboard_day_start"(k."day" + 1)), d."first_sent_at"),
    "last_sent_at" = coalesce((SELECT max(v."sent_at") FROM "deliveries" v WHERE v."merchant_id" = k."merchant_id" AND v."status" = 'sent' AND v."campaign_id" = k."campaign_id"
        AND v."sent_at" >= "dashboard_day_start"(k."day") AND v."sent_at" < "dashboard_day_start"(k."day" + 1)), d."last_sent_at")
  FROM (SELECT "merchant_id", "day", "campaign_id", sum("n")::int AS "n" FROM (SELECT "merchant_id", "dashboard_day"("sent_at") AS "day", "campaign_id", "sent_at", sum("sign") AS "n"
    FROM (
      SELECT "merchant_id", "campaign_id", "sent_at", -1 AS "sign" FROM "gone" WHERE "status" = 'sent' AND "sent_at" IS NOT NULL
    ) AS x GROUP BY 1, 2, 3, 4 HAVING sum("sign") <> 0) AS k GROUP BY 1, 2, 3 HAVING bool_or("n" < 0)) AS k
  WHERE d."merchant_id" = k."merchant_id" AND d."day" = k."day" AND d."campaign_id" = k."campaign_id";
  DELETE FROM "sent_days" AS d USING (SELECT "merchant_id", "day", "campaign_id", sum("n")::int AS "n" FROM (SELECT "merchant_id", "dashboard_day"("sent_at") AS "day", "campaign_id", "sent_at", sum("sign") AS "n"
    FROM (
      SELECT "merchant_id", "campaign_id", "sent_at", -1 AS "sign" FROM "gone" WHERE "status" = 'sent' AND "sent_at" IS NOT NULL
    ) AS x GROUP BY 1, 2, 3, 4 HAVING sum("sign") <> 0) AS k GROUP BY 1, 2, 3 HAVING bool_or("n" < 0)) AS k
  WHERE d."merchant_id" = k."merchant_id" AND d."day" = k."day" AND d."campaign_id" = k."campaign_id" AND d."sent" <= 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A send's outcome (the dispatcher's: additions only) upserts as before; a send taken back locks first.
CREATE OR REPLACE FUNCTION "delivery_days_update"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  -- Counts that grow and counts that shrink: the rows they move locked first, in key order.
  PERFORM 1 FROM "delivery_days" AS d JOIN (
    SELECT "merchant_id", "dashboard_day"("queued_at") AS "day", "campaign_id", "channel"::smallint AS "channel",
      coalesce(sum("sign") FILTER (WHERE "status" = 'sent'), 0)::int AS "sent", coalesce(sum("sign") FILTER (WHERE "status" = 'failed'), 0)::int AS "failed"
    FROM (
      SELECT "merchant_id", "queued_at", "campaign_id", "channel", "status", 1 AS "sign" FROM "added" WHERE "status" IN ('sent', 'failed')
      UNION ALL SELECT "merchant_id", "queued_at", "campaign_id", "channel", "status", -1 AS "sign" FROM "gone" WHERE "status" IN ('sent', 'failed')
    ) AS x GROUP BY 1, 2, 3, 4
  ) AS a ON d."merchant_id" = a."merchant_id" AND d."day" = a."day" AND d."campaign_id" = a."campaign_id" AND d."channel" = a."channel"
  WHERE a."sent" <> 0 OR a."failed" <> 0
  ORDER BY d."merchant_id", d."day", d."campaign_id", d."channel" FOR NO KEY UPDATE OF d;
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
  PERFORM 1 FROM "sent_days" AS d JOIN (SELECT DISTINCT "merchant_id", "day", "campaign_id" FROM (SELECT "merchant_id", "dashboard_day"("sent_at") AS "day", "campaign_id", "sent_at", sum("sign") AS "n"
    FROM (
      SELECT "merchant_id", "campaign_id", "sent_at", 1 AS "sign" FROM "added" WHERE "status" = 'sent' AND "sent_at" IS NOT NULL
      UNION ALL SELECT "merchant_id", "campaign_id", "sent_at", -1 AS "sign" FROM "gone" WHERE "status" = 'sent' AND "sent_at" IS NOT NULL
    ) AS x GROUP BY 1, 2, 3, 4 HAVING sum("sign") <> 0) AS k) AS k ON d."merchant_id" = k."merchant_id" AND d."day" = k."day" AND d."campaign_id" = k."campaign_id"
  ORDER BY d."merchant_id", d."day", d."campaign_id" FOR NO KEY UPDATE OF d;
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
  -- A send taken back (a later failure report, a deletion): the day's count moves by the
  -- statement's net change, like every other count (so another trigger of the same statement adds
  -- its own, before or after); its first and last send are found again among the deliveries
  -- (deliveries_merchant_sent_idx), as they cannot be subtracted. Updated only, never created.
  UPDATE "sent_days" AS d SET "sent" = d."sent" + k."n",
    "first_sent_at" = coalesce((SELECT min(v."sent_at") FROM "deliveries" v WHERE v."merchant_id" = k."merchant_id" AND v."status" = 'sent' AND v."campaign_id" = k."campaign_id"
        AND v."sent_at" >= "dashboard_day_start"(k."day") AND v."sent_at" < "dashboard_day_start"(k."day" + 1)), d."first_sent_at"),
    "last_sent_at" = coalesce((SELECT max(v."sent_at") FROM "deliveries" v WHERE v."merchant_id" = k."merchant_id" AND v."status" = 'sent' AND v."campaign_id" = k."campaign_id"
        AND v."sent_at" >= "dashboard_day_start"(k."day") AND v."sent_at" < "dashboard_day_start"(k."day" + 1)), d."last_sent_at")
  FROM (SELECT "merchant_id", "day", "campaign_id", sum("n")::int AS "n" FROM (SELECT "merchant_id", "dashboard_day"("sent_at") AS "day", "campaign_id", "sent_at", sum("sign") AS "n"
    FROM (
      SELECT "merchant_id", "campaign_id", "sent_at", 1 AS "sign" FROM "added" WHERE "status" = 'sent' AND "sent_at" IS NOT NULL
      UNION ALL SELECT "merchant_id", "campaign_id", "sent_at", -1 AS "sign" FROM "gone" WHERE "status" = 'sent' AND "sent_at" IS NOT NULL
    ) AS x GROUP BY 1, 2, 3, 4 HAVING sum("sign") <> 0) AS k GROUP BY 1, 2, 3 HAVING bool_or("n" < 0)) AS k
  WHERE d."merchant_id" = k."merchant_id" AND d."day" = k."day" AND d."campaign_id" = k."campaign_id";
  DELETE FROM "sent_days" AS d USING (SELECT "merchant_id", "day", "campaign_id", sum("n")::int AS "n" FROM (SELECT "merchant_id", "dashboard_day"("sent_at") AS "day", "campaign_id", "sent_at", sum("sign") AS "n"
    FROM (
      SELECT "merchant_id", "campaign_id", "sent_at", 1 AS "sign" FROM "added" WHERE "status" = 'sent' AND "sent_at" IS NOT NULL
      UNION ALL SELECT "merchant_id", "campaign_id", "sent_at", -1 AS "sign" FROM "gone" WHERE "status" = 'sent' AND "sent_at" IS NOT NULL
    ) AS x GROUP BY 1, 2, 3, 4 HAVING sum("sign") <> 0) AS k GROUP BY 1, 2, 3 HAVING bool_or("n" < 0)) AS k
  WHERE d."merchant_id" = k."merchant_id" AND d."day" = k."day" AND d."campaign_id" = k."campaign_id" AND d."sent" <= 0;
  RETURN NULL;
END $$;
