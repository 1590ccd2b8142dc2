CREATE TABLE "client_unbilled_jobs" (
	"company_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"jobs" integer NOT NULL,
	CONSTRAINT "client_unbilled_jobs_pkey" PRIMARY KEY("company_id","client_id")
);
--> statement-breakpoint
ALTER TABLE "client_unbilled_jobs" ADD CONSTRAINT "client_unbilled_jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written: begin
-- Drizzle does not declare triggers. As client_open_balances (0048): the rows start from the jobs as
-- they are, then every write that can make a job start or stop being "completed and claimed by no
-- live invoice" moves its client's count in the same transaction: a dispatch's status or
-- confirmation, a claim made, released or deleted, a confirmation's client.
INSERT INTO "client_unbilled_jobs" ("company_id", "client_id", "jobs")
SELECT d."company_id", rc."client_id", count(*)::int
FROM "dispatches" d
JOIN "rate_confirmations" rc ON rc."company_id" = d."company_id" AND rc."id" = d."rate_confirmation_id"
WHERE d."status" = 'completed'
	AND NOT EXISTS (
		SELECT 1 FROM "invoice_jobs" j
		WHERE j."company_id" = d."company_id" AND j."dispatch_id" = d."id" AND j."released_at" IS NULL
	)
GROUP BY d."company_id", rc."client_id";--> statement-breakpoint
CREATE FUNCTION "client_unbilled_jobs_add"(company uuid, client uuid, n integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	IF client IS NULL OR n = 0 THEN
		RETURN;
	END IF;
	INSERT INTO "client_unbilled_jobs" AS b ("company_id", "client_id", "jobs")
	VALUES (company, client, n)
	ON CONFLICT ("company_id", "client_id") DO UPDATE SET "jobs" = b."jobs" + excluded."jobs";
	IF n < 0 THEN
		DELETE FROM "client_unbilled_jobs" WHERE "company_id" = company AND "client_id" = client AND "jobs" <= 0;
	END IF;
END;
$$;--> statement-breakpoint
-- The client of a dispatch's confirmation (null without one).
CREATE FUNCTION "client_unbilled_jobs_client"(company uuid, rc uuid)
RETURNS uuid LANGUAGE sql STABLE AS $$
	SELECT "client_id" FROM "rate_confirmations" WHERE "company_id" = company AND "id" = rc;
$$;--> statement-breakpoint
-- Whether a live invoice claims the dispatch.
CREATE FUNCTION "client_unbilled_jobs_claimed"(company uuid, dispatch uuid)
RETURNS boolean LANGUAGE sql STABLE AS $$
	SELECT EXISTS (
		SELECT 1 FROM "invoice_jobs"
		WHERE "company_id" = company AND "dispatch_id" = dispatch AND "released_at" IS NULL
	);
$$;--> statement-breakpoint
CREATE FUNCTION "dispatches_track_unbilled"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	was boolean := false;
	now_ boolean := false;
BEGIN
	IF TG_OP <> 'INSERT' THEN
		was := OLD."status" = 'completed' AND NOT "client_unbilled_jobs_claimed"(OLD."company_id", OLD."id");
	END IF;
	IF TG_OP <> 'DELETE' THEN
		now_ := NEW."status" = 'completed' AND NOT "client_unbilled_jobs_claimed"(NEW."company_id", NEW."id");
	END IF;
	IF was AND now_ AND NEW."company_id" = OLD."company_id"
		AND NEW."rate_confirmation_id" IS NOT DISTINCT FROM OLD."rate_confirmation_id" THEN
		RETURN NULL;
	END IF;
	IF was THEN
		PERFORM "client_unbilled_jobs_add"(OLD."company_id",
			"client_unbilled_jobs_client"(OLD."company_id", OLD."rate_confirmation_id"), -1);
	END IF;
	IF now_ THEN
		PERFORM "client_unbilled_jobs_add"(NEW."company_id",
			"client_unbilled_jobs_client"(NEW."company_id", NEW."rate_confirmation_id"), 1);
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "dispatches_track_unbilled"
AFTER INSERT OR DELETE OR UPDATE OF "company_id", "status", "rate_confirmation_id" ON "dispatches"
FOR EACH ROW EXECUTE FUNCTION "dispatches_track_unbilled"();--> statement-breakpoint
-- A claim made takes its job off its client's count if the job is completed; a claim released or
-- deleted puts it back unless another live claim holds it. The dispatch row is locked FOR SHARE
-- first, so a claim and a concurrent status change of the same job wait for each other and the
-- later one sees the earlier (under read committed each statement here reads what is committed).
CREATE FUNCTION "invoice_jobs_track_unbilled"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	was_live boolean := TG_OP <> 'INSERT' AND OLD."released_at" IS NULL;
	is_live boolean := TG_OP <> 'DELETE' AND NEW."released_at" IS NULL;
	job record;
BEGIN
	IF TG_OP = 'UPDATE' AND was_live = is_live AND NEW."dispatch_id" = OLD."dispatch_id" THEN
		RETURN NULL;
	END IF;
	IF was_live THEN
		SELECT "status", "rate_confirmation_id" INTO job FROM "dispatches"
		WHERE "company_id" = OLD."company_id" AND "id" = OLD."dispatch_id" FOR SHARE;
		IF FOUND AND job."status" = 'completed' AND NOT "client_unbilled_jobs_claimed"(OLD."company_id", OLD."dispatch_id") THEN
			PERFORM "client_unbilled_jobs_add"(OLD."company_id",
				"client_unbilled_jobs_client"(OLD."company_id", job."rate_confirmation_id"), 1);
		END IF;
	END IF;
	IF is_live THEN
		SELECT "status", "rate_confirmation_id" INTO job FROM "dispatches"
		WHERE "company_id" = NEW."company_id" AND "id" = NEW."dispatch_id" FOR SHARE;
		IF FOUND AND job."status" = 'completed' THEN
			PERFORM "client_unbilled_jobs_add"(NEW."company_id",
				"client_unbilled_jobs_client"(NEW."company_id", job."rate_confirmation_id"), -1);
		END IF;
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "invoice_jobs_track_unbilled"
AFTER INSERT OR DELETE OR UPDATE OF "company_id", "dispatch_id", "released_at" ON "invoice_jobs"
FOR EACH ROW EXECUTE FUNCTION "invoice_jobs_track_unbilled"();--> statement-breakpoint
-- A confirmation given to another client takes its unbilled jobs along.
CREATE FUNCTION "rate_confirmations_track_unbilled"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	n integer;
BEGIN
	SELECT count(*)::int INTO n FROM "dispatches" d
	WHERE d."company_id" = NEW."company_id" AND d."rate_confirmation_id" = NEW."id" AND d."status" = 'completed'
		AND NOT "client_unbilled_jobs_claimed"(d."company_id", d."id");
	IF NEW."client_id" < OLD."client_id" THEN
		PERFORM "client_unbilled_jobs_add"(NEW."company_id", NEW."client_id", n);
		PERFORM "client_unbilled_jobs_add"(OLD."company_id", OLD."client_id", -n);
	ELSE
		PERFORM "client_unbilled_jobs_add"(OLD."company_id", OLD."client_id", -n);
		PERFORM "client_unbilled_jobs_add"(NEW."company_id", NEW."client_id", n);
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "rate_confirmations_track_unbilled"
AFTER UPDATE OF "client_id" ON "rate_confirmations"
FOR EACH ROW WHEN (NEW."client_id" IS DISTINCT FROM OLD."client_id")
EXECUTE FUNCTION "rate_confirmations_track_unbilled"();
-- hand-written: end
