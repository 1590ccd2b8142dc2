CREATE TABLE "margin_month_changes" (
	"company_id" uuid NOT NULL,
	"month" date NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "margin_month_changes_pkey" PRIMARY KEY("company_id","month")
);
--> statement-breakpoint
CREATE TABLE "margin_months" (
	"company_id" uuid NOT NULL,
	"month" date NOT NULL,
	"invoiced_cents" bigint NOT NULL,
	"pay_cents" bigint NOT NULL,
	"collected_cents" bigint NOT NULL,
	"month_version" bigint NOT NULL,
	"plans_version" bigint NOT NULL,
	CONSTRAINT "margin_months_pkey" PRIMARY KEY("company_id","month")
);
--> statement-breakpoint
ALTER TABLE "margin_month_changes" ADD CONSTRAINT "margin_month_changes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "margin_months" ADD CONSTRAINT "margin_months_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- hand-written: begin
-- The dashboard chart's cached months (margin_months) are current while margin_month_changes' counters
-- have not moved: these triggers raise the counter of every month a change reaches, in the changing
-- transaction, whoever writes (the app, a seed, a test's direct insert). Written by hand (Drizzle does
-- not declare triggers), as 0029 and 0048. A month's figures (apps/server domain/settlements
-- monthly-margins.ts, DECISIONS 'Margin') come from its completed jobs (by pickup day), what their sent
-- invoices bill, their PEVO pay (an approved or paid settlement's, else estimated from the inputs of
-- job-figures.ts, which 0048's triggers already follow through settlement_jobs_mark_stale) and the
-- payments dated in it. A counter raised more than needed only costs a recompute of that month.
-- The counter is raised whether or not a cached month exists (a month first computed while a change
-- is in flight must see the counter move when it commits).
CREATE FUNCTION "margin_months_touch"(company uuid, days date[]) RETURNS void LANGUAGE sql AS $$
	INSERT INTO "margin_month_changes" AS c ("company_id", "month", "version")
	SELECT company, m."month", 1
	FROM (SELECT DISTINCT date_trunc('month', d)::date AS "month" FROM unnest(days) AS d WHERE d IS NOT NULL) AS m
	-- One order for every writer: two transactions reaching the same months lock them alike.
	ORDER BY m."month"
	ON CONFLICT ("company_id", "month") DO UPDATE SET "version" = c."version" + 1
	-- Once per transaction is enough (readers compare the committed counter): a bulk write of
	-- thousands of rows would otherwise stack thousands of versions of one row, each raise walking
	-- the ones before it.
	WHERE c.xmin::text <> (pg_current_xact_id()::text::bigint % 4294967296)::text;
$$;--> statement-breakpoint
CREATE FUNCTION "margin_months_touch_jobs"(company uuid, dispatch_ids uuid[]) RETURNS void LANGUAGE sql AS $$
	SELECT "margin_months_touch"(company, array(
		SELECT d."pickup_date" FROM "dispatches" AS d WHERE d."company_id" = company AND d."id" = ANY(dispatch_ids)));
$$;--> statement-breakpoint
-- 0048's triggers call this for every change to a job's pay inputs (trip logs and their expenses,
-- invoices and their lines, the dispatch's PEVO, day, position and rate confirmation, the rate
-- confirmation's deadhead miles): the same change moves the chart's month of each job.
CREATE OR REPLACE FUNCTION "settlement_jobs_mark_stale"(company uuid, dispatch_ids uuid[]) RETURNS void LANGUAGE sql AS $$
	SELECT "margin_months_touch_jobs"(company, dispatch_ids);
	UPDATE "settlement_jobs" AS j SET "stale" = true
	FROM "settlements" AS s
	WHERE j."company_id" = company AND j."dispatch_id" = ANY(dispatch_ids) AND NOT j."stale"
		AND s."company_id" = j."company_id" AND s."id" = j."settlement_id" AND s."status" = 'draft';
$$;--> statement-breakpoint
-- A job counts once completed: completing, reopening or canceling it, and moving a completed job to
-- another day (both months) or PEVO.
CREATE FUNCTION "dispatches_touch_margin_months"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM "margin_months_touch"(NEW."company_id", ARRAY[NEW."pickup_date"]);
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM "margin_months_touch"(OLD."company_id", ARRAY[OLD."pickup_date"]);
	ELSE
		PERFORM "margin_months_touch"(NEW."company_id", ARRAY[OLD."pickup_date", NEW."pickup_date"]);
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "dispatches_insert_touch_margin_months"
AFTER INSERT ON "dispatches"
FOR EACH ROW WHEN (NEW."status" = 'completed')
EXECUTE FUNCTION "dispatches_touch_margin_months"();--> statement-breakpoint
CREATE TRIGGER "dispatches_delete_touch_margin_months"
AFTER DELETE ON "dispatches"
FOR EACH ROW WHEN (OLD."status" = 'completed')
EXECUTE FUNCTION "dispatches_touch_margin_months"();--> statement-breakpoint
CREATE TRIGGER "dispatches_update_touch_margin_months"
AFTER UPDATE OF "status", "pickup_date", "pevo_id" ON "dispatches"
FOR EACH ROW
WHEN ((OLD."status" = 'completed' OR NEW."status" = 'completed')
	AND (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."pickup_date" IS DISTINCT FROM NEW."pickup_date"
		OR OLD."pevo_id" IS DISTINCT FROM NEW."pevo_id"))
EXECUTE FUNCTION "dispatches_touch_margin_months"();--> statement-breakpoint
-- Approving a run (or paying, or any move of its status) turns its jobs' estimated pay into stored pay.
CREATE FUNCTION "settlements_touch_margin_months"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "margin_months_touch"(NEW."company_id", array(
		SELECT d."pickup_date" FROM "settlement_jobs" AS j
		JOIN "dispatches" AS d ON d."company_id" = j."company_id" AND d."id" = j."dispatch_id"
		WHERE j."company_id" = NEW."company_id" AND j."settlement_id" = NEW."id"));
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "settlements_touch_margin_months"
AFTER UPDATE OF "status" ON "settlements"
FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status")
EXECUTE FUNCTION "settlements_touch_margin_months"();--> statement-breakpoint
-- Collected: the payments by their date.
CREATE FUNCTION "payments_touch_margin_months"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM "margin_months_touch"(NEW."company_id", ARRAY[NEW."date"]);
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM "margin_months_touch"(OLD."company_id", ARRAY[OLD."date"]);
	ELSE
		PERFORM "margin_months_touch"(NEW."company_id", ARRAY[OLD."date", NEW."date"]);
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "payments_touch_margin_months"
AFTER INSERT OR DELETE OR UPDATE OF "date", "amount_cents", "method" ON "payments"
FOR EACH ROW EXECUTE FUNCTION "payments_touch_margin_months"();--> statement-breakpoint
-- A pay plan can move any month's estimated pay: the company's plans row (month 0001-01-01).
CREATE FUNCTION "pay_plans_touch_margin_months"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "margin_month_changes" AS c ("company_id", "month", "version")
	VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD."company_id" ELSE NEW."company_id" END, '0001-01-01', 1)
	ON CONFLICT ("company_id", "month") DO UPDATE SET "version" = c."version" + 1
	WHERE c.xmin::text <> (pg_current_xact_id()::text::bigint % 4294967296)::text;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "pay_plans_touch_margin_months"
AFTER INSERT OR DELETE OR UPDATE ON "pay_plans"
FOR EACH ROW EXECUTE FUNCTION "pay_plans_touch_margin_months"();
-- hand-written: end
