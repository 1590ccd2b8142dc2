CREATE TABLE "client_open_balances" (
	"company_id" uuid NOT NULL,
	"group_key" text NOT NULL,
	"client_id" uuid,
	"walk_in_name" text,
	"balance" numeric(16, 2) NOT NULL,
	"invoices" integer NOT NULL,
	CONSTRAINT "client_open_balances_pkey" PRIMARY KEY("company_id","group_key")
);
--> statement-breakpoint
CREATE TABLE "client_unbilled_jobs" (
	"company_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"jobs" integer NOT NULL,
	CONSTRAINT "client_unbilled_jobs_pkey" PRIMARY KEY("company_id","client_id")
);
--> statement-breakpoint
ALTER TABLE "client_open_balances" ADD CONSTRAINT "client_open_balances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_unbilled_jobs" ADD CONSTRAINT "client_unbilled_jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_open_balances_balance_idx" ON "client_open_balances" USING btree ("company_id","balance");--> statement-breakpoint
CREATE INDEX "invoices_open_client_idx" ON "invoices" USING btree ("company_id","client_id","customer_name","due_date","status","total","amount_paid") WHERE "invoices"."status" in ('sent', 'viewed', 'partially_paid') and "invoices"."total" > "invoices"."amount_paid";
--> statement-breakpoint
-- hand-written: begin
-- Drizzle does not declare triggers. Like invoice_open_balances (0026): the rows start from the
-- invoices as they are, then every insert, update and delete of an invoice moves its balance in the
-- same transaction, so the per-client totals are exact whoever writes (the app, a seed, a migration).
-- Payments and credit notes change an invoice's amount_paid or total, so they move it too; deleting a
-- client sets its invoices' client_id null, which moves them to their walk-in name's row. An invoice
-- is open while it is sent, viewed or partially paid with a balance left (INVOICE_OPEN_STATUSES).
INSERT INTO "client_open_balances" ("company_id", "group_key", "client_id", "walk_in_name", "balance", "invoices")
SELECT "company_id", coalesce("client_id"::text, 'name:' || "walk_in", 'none'), "client_id", "walk_in", sum("owed"), count(*)::int
FROM (
	SELECT "company_id", "client_id", CASE WHEN "client_id" IS NULL THEN "customer_name" END AS "walk_in",
		"total" - "amount_paid" AS "owed"
	FROM "invoices"
	WHERE "status" IN ('sent', 'viewed', 'partially_paid') AND "total" > "amount_paid"
) AS "open"
GROUP BY "company_id", "client_id", "walk_in";--> statement-breakpoint
CREATE FUNCTION "client_open_balances_add"(company uuid, client uuid, walk_in text, amount numeric, n integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	k text := coalesce(client::text, 'name:' || walk_in, 'none');
BEGIN
	INSERT INTO "client_open_balances" AS b ("company_id", "group_key", "client_id", "walk_in_name", "balance", "invoices")
	VALUES (company, k, client, CASE WHEN client IS NULL THEN walk_in END, amount, n)
	ON CONFLICT ("company_id", "group_key") DO UPDATE
	SET "balance" = b."balance" + excluded."balance", "invoices" = b."invoices" + excluded."invoices";
	IF n < 0 THEN
		DELETE FROM "client_open_balances" WHERE "company_id" = company AND "group_key" = k AND "invoices" <= 0;
	END IF;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "invoices_track_client_balance"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	was_open boolean := false;
	is_open boolean := false;
BEGIN
	IF TG_OP <> 'INSERT' THEN
		was_open := OLD."status" IN ('sent', 'viewed', 'partially_paid') AND OLD."total" > OLD."amount_paid";
	END IF;
	IF TG_OP <> 'DELETE' THEN
		is_open := NEW."status" IN ('sent', 'viewed', 'partially_paid') AND NEW."total" > NEW."amount_paid";
	END IF;
	-- Moving an invoice between two rows updates the row of the smaller key first: two rows are
	-- always locked in key order, so two moves in opposite directions cannot deadlock.
	IF was_open AND is_open
		AND coalesce(NEW."client_id"::text, 'name:' || NEW."customer_name", 'none')
			< coalesce(OLD."client_id"::text, 'name:' || OLD."customer_name", 'none') THEN
		PERFORM "client_open_balances_add"(NEW."company_id", NEW."client_id", NEW."customer_name", NEW."total" - NEW."amount_paid", 1);
		PERFORM "client_open_balances_add"(OLD."company_id", OLD."client_id", OLD."customer_name", OLD."amount_paid" - OLD."total", -1);
	ELSE
		IF was_open THEN
			PERFORM "client_open_balances_add"(OLD."company_id", OLD."client_id", OLD."customer_name", OLD."amount_paid" - OLD."total", -1);
		END IF;
		IF is_open THEN
			PERFORM "client_open_balances_add"(NEW."company_id", NEW."client_id", NEW."customer_name", NEW."total" - NEW."amount_paid", 1);
		END IF;
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "invoices_track_client_balance"
AFTER INSERT OR DELETE OR UPDATE OF "company_id", "status", "total", "amount_paid", "client_id", "customer_name" ON "invoices"
FOR EACH ROW EXECUTE FUNCTION "invoices_track_client_balance"();
-- hand-written: end

--> statement-breakpoint
-- hand-written: begin
-- Drizzle does not declare triggers. As client_open_balances (above): the rows start from the jobs as
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
