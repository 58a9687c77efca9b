CREATE TABLE "analytics_request_day_state" (
	"day" integer PRIMARY KEY NOT NULL,
	"changes" integer DEFAULT 0 NOT NULL,
	"built" integer
);
--> statement-breakpoint
CREATE TABLE "analytics_request_days" (
	"day" integer NOT NULL,
	"dimension" text NOT NULL,
	"value" text,
	"received" integer NOT NULL,
	"answered" integer,
	"responded" integer,
	"within2" integer,
	"within4" integer,
	"promised" integer,
	"kept" integer,
	"response_seconds" double precision[]
);
--> statement-breakpoint
CREATE INDEX "analytics_request_days_day" ON "analytics_request_days" USING btree ("day","dimension");--> statement-breakpoint
-- A closed India day's analytics rollup is stale once one of its requests is inserted, deleted or has a counted
-- column changed (ADR 070): whatever the write path (the office, an import with an old date, an erasure, a
-- purge). The WHEN clauses keep today's requests out: the public form's insert evaluates one comparison and
-- never runs the function. India keeps +05:30 all year, so today's start is arithmetic on the epoch.
CREATE FUNCTION "analytics_request_day_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO "analytics_request_day_state" ("day", "changes")
    VALUES (floor((date_part('epoch', OLD."created_at") + 19800) / 86400)::int, 1)
    ON CONFLICT ("day") DO UPDATE SET "changes" = "analytics_request_day_state"."changes" + 1;
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW."created_at" IS DISTINCT FROM OLD."created_at") THEN
    INSERT INTO "analytics_request_day_state" ("day", "changes")
    VALUES (floor((date_part('epoch', NEW."created_at") + 19800) / 86400)::int, 1)
    ON CONFLICT ("day") DO UPDATE SET "changes" = "analytics_request_day_state"."changes" + 1;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "analytics_request_day_inserted" AFTER INSERT ON "service_requests" FOR EACH ROW
  WHEN (NEW."created_at" < to_timestamp(floor((date_part('epoch', clock_timestamp()) + 19800) / 86400) * 86400 - 19800))
  EXECUTE FUNCTION "analytics_request_day_changed"();--> statement-breakpoint
CREATE TRIGGER "analytics_request_day_updated" AFTER UPDATE ON "service_requests" FOR EACH ROW
  WHEN ((OLD."created_at" < to_timestamp(floor((date_part('epoch', clock_timestamp()) + 19800) / 86400) * 86400 - 19800)
         OR NEW."created_at" < to_timestamp(floor((date_part('epoch', clock_timestamp()) + 19800) / 86400) * 86400 - 19800))
        AND (OLD."created_at", OLD."urgency", OLD."service_name", OLD."city", OLD."duplicate_of_id", OLD."first_contact_at", OLD."response_due_at")
            IS DISTINCT FROM (NEW."created_at", NEW."urgency", NEW."service_name", NEW."city", NEW."duplicate_of_id", NEW."first_contact_at", NEW."response_due_at"))
  EXECUTE FUNCTION "analytics_request_day_changed"();--> statement-breakpoint
CREATE TRIGGER "analytics_request_day_deleted" AFTER DELETE ON "service_requests" FOR EACH ROW
  WHEN (OLD."created_at" < to_timestamp(floor((date_part('epoch', clock_timestamp()) + 19800) / 86400) * 86400 - 19800))
  EXECUTE FUNCTION "analytics_request_day_changed"();
--> statement-breakpoint
CREATE FUNCTION "analytics_request_days_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "analytics_request_day_state";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "analytics_request_days_truncated" AFTER TRUNCATE ON "service_requests" FOR EACH STATEMENT
  EXECUTE FUNCTION "analytics_request_days_truncated"();
