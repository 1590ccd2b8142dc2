ALTER TABLE "settlement_jobs" ADD COLUMN "stale" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "settlement_jobs_stale_idx" ON "settlement_jobs" USING btree ("settlement_id") WHERE "settlement_jobs"."stale";--> statement-breakpoint
-- hand-written: begin
-- A draft settlement's job is marked stale in the same transaction as any change to an input of its
-- figures (DECISIONS 'PEVO pay'), whoever writes (the app, a seed, a test's direct insert): the next
-- read of the draft recomputes the stale jobs only, instead of every job on every read. Written by
-- hand (Drizzle does not declare triggers), as 0026 and 0029. The inputs are those of
-- apps/server/src/domain/settlements/job-figures.ts figuresOf: the dispatch (PEVO, pickup date,
-- position, rate confirmation), the rate confirmation (job number, route), its deadhead miles, the
-- invoices and their lines (what the job invoiced), the trip logs and their expenses, the pay plans.
-- Only drafts are marked: an approved run's figures are frozen. A mark more than needed only costs a
-- recompute that finds the same figures.
-- The drafts of before this migration were refreshed on every read: recompute each once more.
UPDATE "settlement_jobs" AS j SET "stale" = true
FROM "settlements" AS s
WHERE s."id" = j."settlement_id" AND s."status" = 'draft';--> statement-breakpoint
CREATE FUNCTION "settlement_jobs_mark_stale"(company uuid, dispatch_ids uuid[]) RETURNS void LANGUAGE sql AS $$
	UPDATE "settlement_jobs" AS j SET "stale" = true
	FROM "settlements" AS s
	WHERE j."company_id" = company AND j."dispatch_id" = ANY(dispatch_ids) AND NOT j."stale"
		AND s."company_id" = j."company_id" AND s."id" = j."settlement_id" AND s."status" = 'draft';
$$;--> statement-breakpoint
CREATE FUNCTION "settlement_jobs_of_rc_mark_stale"(company uuid, rc uuid) RETURNS void LANGUAGE sql AS $$
	SELECT "settlement_jobs_mark_stale"(company, array(
		SELECT d."id" FROM "dispatches" AS d WHERE d."company_id" = company AND d."rate_confirmation_id" = rc));
$$;--> statement-breakpoint
CREATE FUNCTION "trip_logs_mark_settlement_stale"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' THEN
		PERFORM "settlement_jobs_mark_stale"(OLD."company_id", ARRAY[OLD."dispatch_id"]);
	END IF;
	IF TG_OP <> 'DELETE' THEN
		PERFORM "settlement_jobs_mark_stale"(NEW."company_id", ARRAY[NEW."dispatch_id"]);
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "trip_logs_mark_settlement_stale"
AFTER INSERT OR DELETE OR UPDATE OF "dispatch_id", "trip_date", "miles", "wait_hours", "standby_hours", "overnight", "no_go" ON "trip_logs"
FOR EACH ROW EXECUTE FUNCTION "trip_logs_mark_settlement_stale"();--> statement-breakpoint
CREATE FUNCTION "trip_log_expenses_mark_settlement_stale"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	trips uuid[];
BEGIN
	-- A trip log deleted with its expenses (ON DELETE CASCADE) is marked by the trip log's own trigger.
	IF TG_OP = 'INSERT' THEN
		trips := ARRAY[NEW."trip_log_id"];
	ELSIF TG_OP = 'DELETE' THEN
		trips := ARRAY[OLD."trip_log_id"];
	ELSE
		trips := ARRAY[OLD."trip_log_id", NEW."trip_log_id"];
	END IF;
	PERFORM "settlement_jobs_mark_stale"(t."company_id", array_agg(t."dispatch_id"))
	FROM "trip_logs" AS t WHERE t."id" = ANY(trips) AND t."dispatch_id" IS NOT NULL
	GROUP BY t."company_id";
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "trip_log_expenses_mark_settlement_stale"
AFTER INSERT OR DELETE OR UPDATE ON "trip_log_expenses"
FOR EACH ROW EXECUTE FUNCTION "trip_log_expenses_mark_settlement_stale"();--> statement-breakpoint
CREATE FUNCTION "invoices_mark_settlement_stale"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	inv "invoices";
	ids uuid[];
BEGIN
	IF TG_OP = 'DELETE' THEN
		inv := OLD;
	ELSE
		inv := NEW;
	END IF;
	-- The job of a single-job invoice, and the jobs its lines bill on a consolidated one (a deleted
	-- invoice's lines, already gone with it, were marked by the lines' own trigger).
	ids := ARRAY[inv."dispatch_id"] || array(
		SELECT l."dispatch_id" FROM "invoice_line_items" AS l
		WHERE l."invoice_id" = inv."id" AND l."dispatch_id" IS NOT NULL);
	IF TG_OP = 'UPDATE' THEN
		IF OLD."status" = NEW."status" AND OLD."dispatch_id" = NEW."dispatch_id" THEN
			RETURN NULL;
		END IF;
		ids := ids || OLD."dispatch_id";
	END IF;
	PERFORM "settlement_jobs_mark_stale"(inv."company_id", ids);
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "invoices_mark_settlement_stale"
AFTER INSERT OR DELETE OR UPDATE OF "status", "dispatch_id" ON "invoices"
FOR EACH ROW EXECUTE FUNCTION "invoices_mark_settlement_stale"();--> statement-breakpoint
CREATE FUNCTION "invoice_line_items_mark_settlement_stale"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	line "invoice_line_items";
BEGIN
	IF TG_OP <> 'INSERT' THEN
		line := OLD;
		-- A line without a job bills its invoice's (single-job) dispatch.
		PERFORM "settlement_jobs_mark_stale"(line."company_id", ARRAY[coalesce(line."dispatch_id",
			(SELECT i."dispatch_id" FROM "invoices" AS i WHERE i."id" = line."invoice_id"))]);
	END IF;
	IF TG_OP <> 'DELETE' THEN
		line := NEW;
		PERFORM "settlement_jobs_mark_stale"(line."company_id", ARRAY[coalesce(line."dispatch_id",
			(SELECT i."dispatch_id" FROM "invoices" AS i WHERE i."id" = line."invoice_id"))]);
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "invoice_line_items_mark_settlement_stale"
AFTER INSERT OR DELETE OR UPDATE OF "charge", "dispatch_id", "invoice_id" ON "invoice_line_items"
FOR EACH ROW EXECUTE FUNCTION "invoice_line_items_mark_settlement_stale"();--> statement-breakpoint
CREATE FUNCTION "dispatches_mark_settlement_stale"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "settlement_jobs_mark_stale"(NEW."company_id", ARRAY[NEW."id"]);
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "dispatches_mark_settlement_stale"
AFTER UPDATE OF "pevo_id", "pickup_date", "position_type", "position_name", "rate_confirmation_id" ON "dispatches"
FOR EACH ROW
WHEN (OLD."pevo_id" IS DISTINCT FROM NEW."pevo_id" OR OLD."pickup_date" IS DISTINCT FROM NEW."pickup_date"
	OR OLD."position_type" IS DISTINCT FROM NEW."position_type" OR OLD."position_name" IS DISTINCT FROM NEW."position_name"
	OR OLD."rate_confirmation_id" IS DISTINCT FROM NEW."rate_confirmation_id")
EXECUTE FUNCTION "dispatches_mark_settlement_stale"();--> statement-breakpoint
CREATE FUNCTION "standard_rates_mark_settlement_stale"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' THEN
		PERFORM "settlement_jobs_of_rc_mark_stale"(OLD."company_id", OLD."rate_confirmation_id");
	END IF;
	IF TG_OP <> 'DELETE' THEN
		PERFORM "settlement_jobs_of_rc_mark_stale"(NEW."company_id", NEW."rate_confirmation_id");
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
-- The deadhead miles of the rate confirmation's standard rates (a per-job plan pays them).
CREATE TRIGGER "standard_rates_mark_settlement_stale"
AFTER INSERT OR DELETE OR UPDATE OF "deadhead_miles" ON "rate_confirmation_standard_rates"
FOR EACH ROW EXECUTE FUNCTION "standard_rates_mark_settlement_stale"();--> statement-breakpoint
CREATE FUNCTION "rate_confirmation_route_mark_settlement_stale"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "settlement_jobs_of_rc_mark_stale"(NEW."company_id", NEW."id");
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "rate_confirmations_mark_settlement_stale"
AFTER UPDATE OF "job_number", "origin_address", "destination_address" ON "rate_confirmations"
FOR EACH ROW
WHEN (OLD."job_number" IS DISTINCT FROM NEW."job_number" OR OLD."origin_address" IS DISTINCT FROM NEW."origin_address"
	OR OLD."destination_address" IS DISTINCT FROM NEW."destination_address")
EXECUTE FUNCTION "rate_confirmation_route_mark_settlement_stale"();--> statement-breakpoint
CREATE FUNCTION "pay_plans_mark_settlement_stale"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	plan "pay_plans";
	was_pevo uuid;
BEGIN
	IF TG_OP = 'DELETE' THEN
		plan := OLD;
	ELSE
		plan := NEW;
	END IF;
	IF TG_OP = 'UPDATE' THEN
		was_pevo := OLD."pevo_id";
	END IF;
	-- A PEVO's plan moves that PEVO's jobs; the company default any job (a PEVO without a plan in
	-- force on the job's day is paid by it). The drafts first: a company has a few.
	UPDATE "settlement_jobs" AS j SET "stale" = true
	FROM "settlements" AS s
	WHERE s."company_id" = plan."company_id" AND s."status" = 'draft'
		AND j."company_id" = s."company_id" AND j."settlement_id" = s."id" AND NOT j."stale"
		AND (plan."pevo_id" IS NULL OR j."pevo_id" = plan."pevo_id"
			OR j."pevo_id" = was_pevo);
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "pay_plans_mark_settlement_stale"
AFTER INSERT OR DELETE OR UPDATE ON "pay_plans"
FOR EACH ROW EXECUTE FUNCTION "pay_plans_mark_settlement_stale"();
-- hand-written: end
