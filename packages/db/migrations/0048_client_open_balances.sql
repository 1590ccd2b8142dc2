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
ALTER TABLE "client_open_balances" ADD CONSTRAINT "client_open_balances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_open_balances_balance_idx" ON "client_open_balances" USING btree ("company_id","balance");--> statement-breakpoint
CREATE INDEX "invoices_open_client_idx" ON "invoices" USING btree ("company_id","client_id","customer_name","due_date","status","total","amount_paid") WHERE "invoices"."status" in ('sent', 'viewed', 'partially_paid') and "invoices"."total" > "invoices"."amount_paid";--> statement-breakpoint
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
