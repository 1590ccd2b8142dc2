CREATE TABLE "dispatch_day_counts" (
	"company_id" uuid NOT NULL,
	"pickup_date" date NOT NULL,
	"dispatches" integer NOT NULL,
	"canceled" integer NOT NULL,
	"dispatched" integer NOT NULL,
	CONSTRAINT "dispatch_day_counts_pkey" PRIMARY KEY("company_id","pickup_date")
);
--> statement-breakpoint
ALTER TABLE "dispatch_day_counts" ADD CONSTRAINT "dispatch_day_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Written by hand (Drizzle does not declare triggers), as 0026's open balances. The rows start from
-- the dispatches as they are, then every insert, update and delete of a dispatch moves its day's
-- counts in the same transaction, so they are exact whoever writes (the app, a seed, a migration).
INSERT INTO "dispatch_day_counts" ("company_id", "pickup_date", "dispatches", "canceled", "dispatched")
SELECT "company_id", "pickup_date", count(*)::int,
	(count(*) FILTER (WHERE "status" = 'canceled'))::int,
	(count(*) FILTER (WHERE "status" = 'dispatched'))::int
FROM "dispatches"
GROUP BY "company_id", "pickup_date";--> statement-breakpoint
CREATE FUNCTION "dispatch_day_counts_add"(company uuid, day date, n integer, canceled integer, dispatched integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	IF n = 0 AND canceled = 0 AND dispatched = 0 THEN
		RETURN;
	END IF;
	INSERT INTO "dispatch_day_counts" AS c ("company_id", "pickup_date", "dispatches", "canceled", "dispatched")
	VALUES (company, day, n, canceled, dispatched)
	ON CONFLICT ("company_id", "pickup_date") DO UPDATE
	SET "dispatches" = c."dispatches" + excluded."dispatches",
		"canceled" = c."canceled" + excluded."canceled",
		"dispatched" = c."dispatched" + excluded."dispatched";
	IF n < 0 THEN
		DELETE FROM "dispatch_day_counts" WHERE "company_id" = company AND "pickup_date" = day AND "dispatches" <= 0;
	END IF;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "dispatches_track_day_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' AND OLD."company_id" = NEW."company_id" AND OLD."pickup_date" = NEW."pickup_date" THEN
		-- The same day: its counts move by the status change alone.
		PERFORM "dispatch_day_counts_add"(NEW."company_id", NEW."pickup_date", 0,
			(NEW."status" = 'canceled')::int - (OLD."status" = 'canceled')::int,
			(NEW."status" = 'dispatched')::int - (OLD."status" = 'dispatched')::int);
	ELSIF TG_OP = 'UPDATE' AND NEW."pickup_date" < OLD."pickup_date" THEN
		-- Moved to an earlier day: the earlier day's row first, so two days are always locked in date
		-- order and two edits moving dispatches between the same days in opposite directions cannot
		-- deadlock.
		PERFORM "dispatch_day_counts_add"(NEW."company_id", NEW."pickup_date", 1,
			(NEW."status" = 'canceled')::int, (NEW."status" = 'dispatched')::int);
		PERFORM "dispatch_day_counts_add"(OLD."company_id", OLD."pickup_date", -1,
			-(OLD."status" = 'canceled')::int, -(OLD."status" = 'dispatched')::int);
	ELSE
		IF TG_OP <> 'INSERT' THEN
			PERFORM "dispatch_day_counts_add"(OLD."company_id", OLD."pickup_date", -1,
				-(OLD."status" = 'canceled')::int, -(OLD."status" = 'dispatched')::int);
		END IF;
		IF TG_OP <> 'DELETE' THEN
			PERFORM "dispatch_day_counts_add"(NEW."company_id", NEW."pickup_date", 1,
				(NEW."status" = 'canceled')::int, (NEW."status" = 'dispatched')::int);
		END IF;
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "dispatches_track_day_counts"
AFTER INSERT OR DELETE OR UPDATE OF "company_id", "status", "pickup_date" ON "dispatches"
FOR EACH ROW EXECUTE FUNCTION "dispatches_track_day_counts"();
