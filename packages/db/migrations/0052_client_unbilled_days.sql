CREATE TABLE "client_unbilled_days" (
	"company_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"pickup_date" date NOT NULL,
	"jobs" integer NOT NULL,
	CONSTRAINT "client_unbilled_days_pkey" PRIMARY KEY("company_id","client_id","pickup_date")
);
--> statement-breakpoint
ALTER TABLE "client_unbilled_days" ADD CONSTRAINT "client_unbilled_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- hand-written: begin
-- Drizzle does not declare triggers. client_unbilled_days holds the jobs of client_unbilled_jobs
-- (0051) per pickup day: the rows start from the jobs as they are, then the functions of 0051 move a
-- job's day row whenever they move its client's count, in the same transaction, and a dispatch's
-- new pickup date moves it from one day to the other. The Bill jobs client list reads a client's
-- first and last unbilled pickup from these rows (one index probe each) instead of its jobs.
INSERT INTO "client_unbilled_days" ("company_id", "client_id", "pickup_date", "jobs")
SELECT d."company_id", rc."client_id", d."pickup_date", count(*)::int
FROM "dispatches" d
JOIN "rate_confirmations" rc ON rc."company_id" = d."company_id" AND rc."id" = d."rate_confirmation_id"
WHERE d."status" = 'completed'
	AND NOT EXISTS (
		SELECT 1 FROM "invoice_jobs" j
		WHERE j."company_id" = d."company_id" AND j."dispatch_id" = d."id" AND j."released_at" IS NULL
	)
GROUP BY d."company_id", rc."client_id", d."pickup_date";--> statement-breakpoint
CREATE FUNCTION "client_unbilled_days_add"(company uuid, client uuid, day date, n integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	IF client IS NULL OR n = 0 THEN
		RETURN;
	END IF;
	INSERT INTO "client_unbilled_days" AS b ("company_id", "client_id", "pickup_date", "jobs")
	VALUES (company, client, day, n)
	ON CONFLICT ("company_id", "client_id", "pickup_date") DO UPDATE SET "jobs" = b."jobs" + excluded."jobs";
	IF n < 0 THEN
		DELETE FROM "client_unbilled_days"
		WHERE "company_id" = company AND "client_id" = client AND "pickup_date" = day AND "jobs" <= 0;
	END IF;
END;
$$;--> statement-breakpoint
-- One job (or n) of a client's day in or out: its client's count, then its day.
CREATE FUNCTION "client_unbilled_add"(company uuid, client uuid, day date, n integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "client_unbilled_jobs_add"(company, client, n);
	PERFORM "client_unbilled_days_add"(company, client, day, n);
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "dispatches_track_unbilled"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	was boolean := false;
	now_ boolean := false;
	old_client uuid;
	new_client uuid;
BEGIN
	IF TG_OP <> 'INSERT' THEN
		was := OLD."status" = 'completed' AND NOT "client_unbilled_jobs_claimed"(OLD."company_id", OLD."id");
	END IF;
	IF TG_OP <> 'DELETE' THEN
		now_ := NEW."status" = 'completed' AND NOT "client_unbilled_jobs_claimed"(NEW."company_id", NEW."id");
	END IF;
	IF was AND now_ AND NEW."company_id" = OLD."company_id"
		AND NEW."rate_confirmation_id" IS NOT DISTINCT FROM OLD."rate_confirmation_id"
		AND NEW."pickup_date" = OLD."pickup_date" THEN
		RETURN NULL;
	END IF;
	IF was THEN
		old_client := "client_unbilled_jobs_client"(OLD."company_id", OLD."rate_confirmation_id");
	END IF;
	IF now_ THEN
		new_client := "client_unbilled_jobs_client"(NEW."company_id", NEW."rate_confirmation_id");
	END IF;
	-- Still the same client's unbilled job: only its day moves, the earlier day's row first (two rows
	-- are locked in key order, so two moves in opposite directions cannot deadlock).
	IF was AND now_ AND NEW."company_id" = OLD."company_id" AND new_client IS NOT DISTINCT FROM old_client THEN
		IF NEW."pickup_date" < OLD."pickup_date" THEN
			PERFORM "client_unbilled_days_add"(NEW."company_id", new_client, NEW."pickup_date", 1);
			PERFORM "client_unbilled_days_add"(OLD."company_id", old_client, OLD."pickup_date", -1);
		ELSIF NEW."pickup_date" > OLD."pickup_date" THEN
			PERFORM "client_unbilled_days_add"(OLD."company_id", old_client, OLD."pickup_date", -1);
			PERFORM "client_unbilled_days_add"(NEW."company_id", new_client, NEW."pickup_date", 1);
		END IF;
		RETURN NULL;
	END IF;
	IF was THEN
		PERFORM "client_unbilled_add"(OLD."company_id", old_client, OLD."pickup_date", -1);
	END IF;
	IF now_ THEN
		PERFORM "client_unbilled_add"(NEW."company_id", new_client, NEW."pickup_date", 1);
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
-- Its pickup date too now: a job moved to another day moves its day row.
DROP TRIGGER "dispatches_track_unbilled" ON "dispatches";--> statement-breakpoint
CREATE TRIGGER "dispatches_track_unbilled"
AFTER INSERT OR DELETE OR UPDATE OF "company_id", "status", "rate_confirmation_id", "pickup_date" ON "dispatches"
FOR EACH ROW EXECUTE FUNCTION "dispatches_track_unbilled"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "invoice_jobs_track_unbilled"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	was_live boolean := TG_OP <> 'INSERT' AND OLD."released_at" IS NULL;
	is_live boolean := TG_OP <> 'DELETE' AND NEW."released_at" IS NULL;
	job record;
BEGIN
	IF TG_OP = 'UPDATE' AND was_live = is_live AND NEW."dispatch_id" = OLD."dispatch_id" THEN
		RETURN NULL;
	END IF;
	IF was_live THEN
		SELECT "status", "rate_confirmation_id", "pickup_date" INTO job FROM "dispatches"
		WHERE "company_id" = OLD."company_id" AND "id" = OLD."dispatch_id" FOR SHARE;
		IF FOUND AND job."status" = 'completed' AND NOT "client_unbilled_jobs_claimed"(OLD."company_id", OLD."dispatch_id") THEN
			PERFORM "client_unbilled_add"(OLD."company_id",
				"client_unbilled_jobs_client"(OLD."company_id", job."rate_confirmation_id"), job."pickup_date", 1);
		END IF;
	END IF;
	IF is_live THEN
		SELECT "status", "rate_confirmation_id", "pickup_date" INTO job FROM "dispatches"
		WHERE "company_id" = NEW."company_id" AND "id" = NEW."dispatch_id" FOR SHARE;
		IF FOUND AND job."status" = 'completed' THEN
			PERFORM "client_unbilled_add"(NEW."company_id",
				"client_unbilled_jobs_client"(NEW."company_id", job."rate_confirmation_id"), job."pickup_date", -1);
		END IF;
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
-- A confirmation given to another client takes its unbilled jobs along, day by day; the rows of the
-- smaller client id first, each client's days in date order (rows locked in key order).
CREATE OR REPLACE FUNCTION "rate_confirmations_track_unbilled"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	n integer;
	days date[];
	counts integer[];
	i integer;
	moves uuid[];
	owners uuid[];
	signs integer[];
	k integer;
BEGIN
	SELECT coalesce(sum(g."jobs"), 0)::int, array_agg(g."day" ORDER BY g."day"), array_agg(g."jobs" ORDER BY g."day")
	INTO n, days, counts
	FROM (
		SELECT d."pickup_date" AS "day", count(*)::int AS "jobs" FROM "dispatches" d
		WHERE d."company_id" = NEW."company_id" AND d."rate_confirmation_id" = NEW."id" AND d."status" = 'completed'
			AND NOT "client_unbilled_jobs_claimed"(d."company_id", d."id")
		GROUP BY d."pickup_date"
	) g;
	IF n = 0 THEN
		RETURN NULL;
	END IF;
	IF NEW."client_id" < OLD."client_id" THEN
		moves := ARRAY[NEW."client_id", OLD."client_id"];
		owners := ARRAY[NEW."company_id", OLD."company_id"];
		signs := ARRAY[1, -1];
	ELSE
		moves := ARRAY[OLD."client_id", NEW."client_id"];
		owners := ARRAY[OLD."company_id", NEW."company_id"];
		signs := ARRAY[-1, 1];
	END IF;
	FOR k IN 1..2 LOOP
		PERFORM "client_unbilled_jobs_add"(owners[k], moves[k], signs[k] * n);
		FOR i IN 1..array_length(days, 1) LOOP
			PERFORM "client_unbilled_days_add"(owners[k], moves[k], days[i], signs[k] * counts[i]);
		END LOOP;
	END LOOP;
	RETURN NULL;
END;
$$;
-- hand-written: end
