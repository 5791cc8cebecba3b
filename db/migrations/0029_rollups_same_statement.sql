-- The rollups' triggers (0028) under statements that write a base table more than one way: all
-- their triggers fire at the statement's end, each seeing every row it wrote.
--
-- A contact's move carries its consent history to the new location, but no longer the events the
-- moving statement itself writes: consent_days_insert counts those at the location the contact has
-- at the end. An import's update (lib/contacts/import/write-import.ts) moves contacts and records
-- their consent changes in one statement: such an event was counted twice at the new location. The
-- rows one statement writes share its transaction and command (xmin, cmin), as the contact's new
-- version does; events of the transaction's earlier statements were counted at the old location.
CREATE OR REPLACE FUNCTION "contact_days_move"() RETURNS trigger LANGUAGE plpgsql AS $$
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
-- A send taken back counted its day again from the deliveries, which already hold the sends another
-- trigger of the same statement adds afterwards (a wCTE that deletes some deliveries and marks
-- others sent): those were counted twice. Counts now only ever move by differences.
CREATE OR REPLACE FUNCTION "delivery_days_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
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
