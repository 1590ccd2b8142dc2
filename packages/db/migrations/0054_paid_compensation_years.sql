CREATE TABLE "paid_compensation_years" (
	"company_id" uuid NOT NULL,
	"tax_year" integer NOT NULL,
	"pevo_id" uuid NOT NULL,
	"compensation_cents" bigint NOT NULL,
	"with_reimbursed_cents" bigint NOT NULL,
	CONSTRAINT "paid_compensation_years_pkey" PRIMARY KEY("company_id","tax_year","pevo_id")
);
--> statement-breakpoint
ALTER TABLE "paid_compensation_years" ADD CONSTRAINT "paid_compensation_years_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "paid_compensation_years_compensation_idx" ON "paid_compensation_years" USING btree ("company_id","tax_year","compensation_cents" DESC NULLS LAST,"pevo_id");--> statement-breakpoint
CREATE INDEX "paid_compensation_years_with_reimbursed_idx" ON "paid_compensation_years" USING btree ("company_id","tax_year","with_reimbursed_cents" DESC NULLS LAST,"pevo_id");
--> statement-breakpoint
--> statement-breakpoint
-- hand-written: begin
-- Drizzle does not declare triggers. Like dispatch_day_counts (0029) and client_open_balances (0051):
-- the rows start from the paid settlements as they are, then every write that moves a PEVO's paid
-- compensation moves their year's row in the same transaction, so the figures are exact whoever
-- writes (the app, a seed, a migration): a settlement marked paid or no longer paid, its payment
-- date moved (to another year), its jobs' stored pay or reimbursed expenses, its adjustments added,
-- changed or removed, a paid settlement deleted. As paidCompensationQuery summed them before
-- (DECISIONS 'Year end: W-9 and 1099-NEC' → Totals): a job counts its pay (its reimbursed expenses
-- only in with_reimbursed_cents); an advance or a deduction is subtracted, a bonus added, a
-- reimbursement added to with_reimbursed_cents only (packages/shared adjustmentSign, frozen here).
CREATE FUNCTION "paid_compensation_adjustment_cents"(kind text, amount bigint, with_reimbursed boolean)
RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE
		WHEN kind IN ('advance', 'deduction') THEN -amount
		WHEN kind = 'reimbursement' AND NOT with_reimbursed THEN 0
		ELSE amount
	END;
$$;--> statement-breakpoint
INSERT INTO "paid_compensation_years" ("company_id", "tax_year", "pevo_id", "compensation_cents", "with_reimbursed_cents")
SELECT s."company_id", extract(year FROM s."paid_date")::int, l."pevo_id", sum(l."net")::bigint, sum(l."gross")::bigint
FROM "settlements" s
JOIN (
	SELECT j."company_id", j."settlement_id", j."pevo_id", j."pay_cents" AS "net",
		j."pay_cents" + j."reimbursed_cents" AS "gross"
	FROM "settlement_jobs" j
	UNION ALL
	SELECT a."company_id", a."settlement_id", a."pevo_id",
		"paid_compensation_adjustment_cents"(a."kind"::text, a."amount_cents", false),
		"paid_compensation_adjustment_cents"(a."kind"::text, a."amount_cents", true)
	FROM "settlement_adjustments" a
) l ON l."company_id" = s."company_id" AND l."settlement_id" = s."id"
WHERE s."status" = 'paid'
GROUP BY s."company_id", extract(year FROM s."paid_date")::int, l."pevo_id"
HAVING sum(l."net") <> 0 OR sum(l."gross") <> 0;--> statement-breakpoint
-- Adds to a PEVO's year; the row goes when both figures come to 0.
CREATE FUNCTION "paid_compensation_add"(company uuid, year integer, pevo uuid, net bigint, gross bigint)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	c bigint;
	g bigint;
BEGIN
	IF year IS NULL OR (net = 0 AND gross = 0) THEN
		RETURN;
	END IF;
	INSERT INTO "paid_compensation_years" AS y ("company_id", "tax_year", "pevo_id", "compensation_cents", "with_reimbursed_cents")
	VALUES (company, year, pevo, net, gross)
	ON CONFLICT ("company_id", "tax_year", "pevo_id") DO UPDATE
	SET "compensation_cents" = y."compensation_cents" + excluded."compensation_cents",
		"with_reimbursed_cents" = y."with_reimbursed_cents" + excluded."with_reimbursed_cents"
	RETURNING y."compensation_cents", y."with_reimbursed_cents" INTO c, g;
	IF c = 0 AND g = 0 THEN
		DELETE FROM "paid_compensation_years"
		WHERE "company_id" = company AND "tax_year" = year AND "pevo_id" = pevo;
	END IF;
END;
$$;--> statement-breakpoint
-- The year a settlement was paid in; null while it is not paid (or no longer exists: a cascade from
-- its deletion, which subtracted its figures before).
CREATE FUNCTION "paid_compensation_year"(company uuid, settlement uuid)
RETURNS integer LANGUAGE sql STABLE AS $$
	SELECT extract(year FROM s."paid_date")::int FROM "settlements" s
	WHERE s."company_id" = company AND s."id" = settlement AND s."status" = 'paid';
$$;--> statement-breakpoint
CREATE FUNCTION "settlement_jobs_track_paid"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	old_year integer;
	new_year integer;
BEGIN
	IF TG_OP <> 'INSERT' THEN
		old_year := "paid_compensation_year"(OLD."company_id", OLD."settlement_id");
	END IF;
	IF TG_OP <> 'DELETE' THEN
		new_year := "paid_compensation_year"(NEW."company_id", NEW."settlement_id");
	END IF;
	-- Two rows are locked in key order: two moves in opposite directions cannot deadlock.
	IF TG_OP = 'UPDATE' AND (new_year, NEW."pevo_id") < (old_year, OLD."pevo_id") THEN
		PERFORM "paid_compensation_add"(NEW."company_id", new_year, NEW."pevo_id",
			NEW."pay_cents", NEW."pay_cents" + NEW."reimbursed_cents");
		PERFORM "paid_compensation_add"(OLD."company_id", old_year, OLD."pevo_id",
			-OLD."pay_cents", -(OLD."pay_cents" + OLD."reimbursed_cents"));
		RETURN NULL;
	END IF;
	IF TG_OP <> 'INSERT' THEN
		PERFORM "paid_compensation_add"(OLD."company_id", old_year, OLD."pevo_id",
			-OLD."pay_cents", -(OLD."pay_cents" + OLD."reimbursed_cents"));
	END IF;
	IF TG_OP <> 'DELETE' THEN
		PERFORM "paid_compensation_add"(NEW."company_id", new_year, NEW."pevo_id",
			NEW."pay_cents", NEW."pay_cents" + NEW."reimbursed_cents");
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "settlement_jobs_track_paid"
AFTER INSERT OR DELETE ON "settlement_jobs"
FOR EACH ROW EXECUTE FUNCTION "settlement_jobs_track_paid"();--> statement-breakpoint
-- A draft's recomputation rewrites its jobs' figures often: only a change of what is summed counts.
CREATE TRIGGER "settlement_jobs_track_paid_update"
AFTER UPDATE OF "company_id", "settlement_id", "pevo_id", "pay_cents", "reimbursed_cents" ON "settlement_jobs"
FOR EACH ROW
WHEN (OLD."company_id" IS DISTINCT FROM NEW."company_id" OR OLD."settlement_id" IS DISTINCT FROM NEW."settlement_id"
	OR OLD."pevo_id" IS DISTINCT FROM NEW."pevo_id" OR OLD."pay_cents" IS DISTINCT FROM NEW."pay_cents"
	OR OLD."reimbursed_cents" IS DISTINCT FROM NEW."reimbursed_cents")
EXECUTE FUNCTION "settlement_jobs_track_paid"();--> statement-breakpoint
CREATE FUNCTION "settlement_adjustments_track_paid"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	old_year integer;
	new_year integer;
BEGIN
	IF TG_OP <> 'INSERT' THEN
		old_year := "paid_compensation_year"(OLD."company_id", OLD."settlement_id");
	END IF;
	IF TG_OP <> 'DELETE' THEN
		new_year := "paid_compensation_year"(NEW."company_id", NEW."settlement_id");
	END IF;
	IF TG_OP = 'UPDATE' AND (new_year, NEW."pevo_id") < (old_year, OLD."pevo_id") THEN
		PERFORM "paid_compensation_add"(NEW."company_id", new_year, NEW."pevo_id",
			"paid_compensation_adjustment_cents"(NEW."kind"::text, NEW."amount_cents", false),
			"paid_compensation_adjustment_cents"(NEW."kind"::text, NEW."amount_cents", true));
		PERFORM "paid_compensation_add"(OLD."company_id", old_year, OLD."pevo_id",
			-"paid_compensation_adjustment_cents"(OLD."kind"::text, OLD."amount_cents", false),
			-"paid_compensation_adjustment_cents"(OLD."kind"::text, OLD."amount_cents", true));
		RETURN NULL;
	END IF;
	IF TG_OP <> 'INSERT' THEN
		PERFORM "paid_compensation_add"(OLD."company_id", old_year, OLD."pevo_id",
			-"paid_compensation_adjustment_cents"(OLD."kind"::text, OLD."amount_cents", false),
			-"paid_compensation_adjustment_cents"(OLD."kind"::text, OLD."amount_cents", true));
	END IF;
	IF TG_OP <> 'DELETE' THEN
		PERFORM "paid_compensation_add"(NEW."company_id", new_year, NEW."pevo_id",
			"paid_compensation_adjustment_cents"(NEW."kind"::text, NEW."amount_cents", false),
			"paid_compensation_adjustment_cents"(NEW."kind"::text, NEW."amount_cents", true));
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "settlement_adjustments_track_paid"
AFTER INSERT OR DELETE OR UPDATE OF "company_id", "settlement_id", "pevo_id", "kind", "amount_cents" ON "settlement_adjustments"
FOR EACH ROW EXECUTE FUNCTION "settlement_adjustments_track_paid"();--> statement-breakpoint
-- A settlement entering or leaving "paid", or moving to another payment year, moves all of its
-- PEVOs' figures at once (their jobs and adjustments, per PEVO, in PEVO order: rows locked in key
-- order). Deleting a paid settlement subtracts them BEFORE the delete, while its jobs and adjustments
-- are still there: the cascade that removes them then finds the settlement gone and adds nothing.
CREATE FUNCTION "settlements_track_paid"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	old_year integer;
	new_year integer;
	r record;
BEGIN
	IF OLD."status" = 'paid' THEN
		old_year := extract(year FROM OLD."paid_date")::int;
	END IF;
	IF TG_OP = 'UPDATE' AND NEW."status" = 'paid' THEN
		new_year := extract(year FROM NEW."paid_date")::int;
	END IF;
	IF TG_OP = 'UPDATE' AND old_year IS NOT DISTINCT FROM new_year AND OLD."company_id" = NEW."company_id" THEN
		RETURN NEW;
	END IF;
	FOR r IN
		SELECT l."pevo_id", sum(l."net")::bigint AS "net", sum(l."gross")::bigint AS "gross"
		FROM (
			SELECT j."pevo_id", j."pay_cents" AS "net", j."pay_cents" + j."reimbursed_cents" AS "gross"
			FROM "settlement_jobs" j
			WHERE j."company_id" = OLD."company_id" AND j."settlement_id" = OLD."id"
			UNION ALL
			SELECT a."pevo_id",
				"paid_compensation_adjustment_cents"(a."kind"::text, a."amount_cents", false),
				"paid_compensation_adjustment_cents"(a."kind"::text, a."amount_cents", true)
			FROM "settlement_adjustments" a
			WHERE a."company_id" = OLD."company_id" AND a."settlement_id" = OLD."id"
		) l
		GROUP BY l."pevo_id"
		ORDER BY l."pevo_id"
	LOOP
		IF coalesce(new_year < old_year, false) THEN
			PERFORM "paid_compensation_add"(NEW."company_id", new_year, r."pevo_id", r."net", r."gross");
			PERFORM "paid_compensation_add"(OLD."company_id", old_year, r."pevo_id", -r."net", -r."gross");
		ELSE
			PERFORM "paid_compensation_add"(OLD."company_id", old_year, r."pevo_id", -r."net", -r."gross");
			IF TG_OP = 'UPDATE' THEN
				PERFORM "paid_compensation_add"(NEW."company_id", new_year, r."pevo_id", r."net", r."gross");
			END IF;
		END IF;
	END LOOP;
	IF TG_OP = 'DELETE' THEN
		RETURN OLD;
	END IF;
	RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "settlements_track_paid"
AFTER UPDATE OF "company_id", "status", "paid_date" ON "settlements"
FOR EACH ROW EXECUTE FUNCTION "settlements_track_paid"();--> statement-breakpoint
CREATE TRIGGER "settlements_track_paid_delete"
BEFORE DELETE ON "settlements"
FOR EACH ROW EXECUTE FUNCTION "settlements_track_paid"();
-- hand-written: end
