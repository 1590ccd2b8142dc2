CREATE TABLE "invoice_open_balances" (
	"company_id" uuid NOT NULL,
	"due_date" date NOT NULL,
	"balance" numeric(16, 2) NOT NULL,
	"invoices" integer NOT NULL,
	CONSTRAINT "invoice_open_balances_pkey" PRIMARY KEY("company_id","due_date")
);
--> statement-breakpoint
ALTER TABLE "invoice_open_balances" ADD CONSTRAINT "invoice_open_balances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Written by hand (Drizzle does not declare triggers). The rows start from the invoices as they are,
-- then every insert, update and delete of an invoice moves its balance in the same transaction, so
-- the totals are exact whoever writes (the app, a seed, a migration). An invoice is open while it is
-- sent, viewed or partially paid with a balance left (INVOICE_OPEN_STATUSES, lib/aging).
INSERT INTO "invoice_open_balances" ("company_id", "due_date", "balance", "invoices")
SELECT "company_id", "due_date", sum("total" - "amount_paid"), count(*)::int
FROM "invoices"
WHERE "status" IN ('sent', 'viewed', 'partially_paid') AND "total" > "amount_paid"
GROUP BY "company_id", "due_date";--> statement-breakpoint
CREATE FUNCTION "invoice_open_balances_add"(company uuid, due date, amount numeric, n integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "invoice_open_balances" AS b ("company_id", "due_date", "balance", "invoices")
	VALUES (company, due, amount, n)
	ON CONFLICT ("company_id", "due_date") DO UPDATE
	SET "balance" = b."balance" + excluded."balance", "invoices" = b."invoices" + excluded."invoices";
	IF n < 0 THEN
		DELETE FROM "invoice_open_balances" WHERE "company_id" = company AND "due_date" = due AND "invoices" <= 0;
	END IF;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "invoices_track_open_balance"() RETURNS trigger LANGUAGE plpgsql AS $$
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
	-- Moving an invoice to an earlier due date updates the earlier date's row first: two dates are
	-- always locked in date order, so two edits moving invoices between the same two dates in
	-- opposite directions cannot deadlock.
	IF was_open AND is_open AND NEW."due_date" < OLD."due_date" THEN
		PERFORM "invoice_open_balances_add"(NEW."company_id", NEW."due_date", NEW."total" - NEW."amount_paid", 1);
		PERFORM "invoice_open_balances_add"(OLD."company_id", OLD."due_date", OLD."amount_paid" - OLD."total", -1);
	ELSE
		IF was_open THEN
			PERFORM "invoice_open_balances_add"(OLD."company_id", OLD."due_date", OLD."amount_paid" - OLD."total", -1);
		END IF;
		IF is_open THEN
			PERFORM "invoice_open_balances_add"(NEW."company_id", NEW."due_date", NEW."total" - NEW."amount_paid", 1);
		END IF;
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "invoices_track_open_balance"
AFTER INSERT OR DELETE OR UPDATE OF "company_id", "status", "total", "amount_paid", "due_date" ON "invoices"
FOR EACH ROW EXECUTE FUNCTION "invoices_track_open_balance"();
