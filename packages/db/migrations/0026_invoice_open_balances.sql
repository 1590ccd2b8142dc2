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
CREATE FUNCTION "invoices_track_open_balance"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' THEN
		IF OLD."status" IN ('sent', 'viewed', 'partially_paid') AND OLD."total" > OLD."amount_paid" THEN
			UPDATE "invoice_open_balances"
			SET "balance" = "balance" - (OLD."total" - OLD."amount_paid"), "invoices" = "invoices" - 1
			WHERE "company_id" = OLD."company_id" AND "due_date" = OLD."due_date";
			DELETE FROM "invoice_open_balances"
			WHERE "company_id" = OLD."company_id" AND "due_date" = OLD."due_date" AND "invoices" <= 0;
		END IF;
	END IF;
	IF TG_OP <> 'DELETE' THEN
		IF NEW."status" IN ('sent', 'viewed', 'partially_paid') AND NEW."total" > NEW."amount_paid" THEN
			INSERT INTO "invoice_open_balances" ("company_id", "due_date", "balance", "invoices")
			VALUES (NEW."company_id", NEW."due_date", NEW."total" - NEW."amount_paid", 1)
			ON CONFLICT ("company_id", "due_date") DO UPDATE
			SET "balance" = "invoice_open_balances"."balance" + excluded."balance",
				"invoices" = "invoice_open_balances"."invoices" + 1;
		END IF;
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "invoices_track_open_balance"
AFTER INSERT OR DELETE OR UPDATE OF "company_id", "status", "total", "amount_paid", "due_date" ON "invoices"
FOR EACH ROW EXECUTE FUNCTION "invoices_track_open_balance"();
