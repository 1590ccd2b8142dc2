CREATE TYPE "public"."client_credit_kind" AS ENUM('overpayment', 'credit_note', 'applied', 'refund');--> statement-breakpoint
ALTER TYPE "public"."payment_method" ADD VALUE 'client_credit';--> statement-breakpoint
CREATE TABLE "client_credit_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"kind" "client_credit_kind" NOT NULL,
	"date" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"invoice_id" uuid,
	"payment_id" uuid,
	"credit_note_id" uuid,
	"method" "payment_method",
	"reference" text,
	"note" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_credit_entries_reference_length" CHECK (char_length("client_credit_entries"."reference") <= 50),
	CONSTRAINT "client_credit_entries_note_length" CHECK (char_length("client_credit_entries"."note") <= 5000),
	CONSTRAINT "client_credit_entries_amount_sign" CHECK (("client_credit_entries"."kind" in ('overpayment', 'credit_note') and "client_credit_entries"."amount_cents" between 1 and 9999999999)
        or ("client_credit_entries"."kind" in ('applied', 'refund') and "client_credit_entries"."amount_cents" between -9999999999 and -1)),
	CONSTRAINT "client_credit_entries_links" CHECK (("client_credit_entries"."kind" <> 'credit_note' or "client_credit_entries"."credit_note_id" is not null)
        and ("client_credit_entries"."kind" <> 'applied' or ("client_credit_entries"."invoice_id" is not null and "client_credit_entries"."payment_id" is not null))
        and ("client_credit_entries"."kind" <> 'refund' or "client_credit_entries"."method" is not null))
);
--> statement-breakpoint
ALTER TABLE "client_credit_entries" ADD CONSTRAINT "client_credit_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_credit_entries" ADD CONSTRAINT "client_credit_entries_client_fk" FOREIGN KEY ("company_id","client_id") REFERENCES "public"."clients"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_credit_entries" ADD CONSTRAINT "client_credit_entries_invoice_fk" FOREIGN KEY ("company_id","invoice_id") REFERENCES "public"."invoices"("company_id","id") ON DELETE set null (invoice_id) ON UPDATE no action;--> statement-breakpoint
-- HAND-ORDERED (carry over at merge): drizzle-kit emits the payments unique key after the reference
-- that needs it; PostgreSQL refuses a foreign key without a matching unique constraint, so it comes first.
ALTER TABLE "payments" ADD CONSTRAINT "payments_company_id_id_key" UNIQUE("company_id","id");--> statement-breakpoint
ALTER TABLE "client_credit_entries" ADD CONSTRAINT "client_credit_entries_payment_fk" FOREIGN KEY ("company_id","payment_id") REFERENCES "public"."payments"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_credit_entries" ADD CONSTRAINT "client_credit_entries_created_by_fk" FOREIGN KEY ("company_id","created_by") REFERENCES "public"."user"("company_id","id") ON DELETE set null (created_by) ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_credit_entries_company_client_idx" ON "client_credit_entries" USING btree ("company_id","client_id","created_at");--> statement-breakpoint
CREATE INDEX "client_credit_entries_payment_idx" ON "client_credit_entries" USING btree ("company_id","payment_id");
