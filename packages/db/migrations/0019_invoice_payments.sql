CREATE TYPE "public"."payment_method" AS ENUM('check', 'ach', 'card', 'cash', 'factoring', 'other');--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"date" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"method" "payment_method" NOT NULL,
	"reference" text,
	"note" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_reference_length" CHECK (char_length("payments"."reference") <= 50),
	CONSTRAINT "payments_note_length" CHECK (char_length("payments"."note") <= 5000),
	CONSTRAINT "payments_amount_cents_range" CHECK ("payments"."amount_cents" between 1 and 9999999999)
);
--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "status" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "status" SET DEFAULT 'draft'::text;--> statement-breakpoint
-- Overdue is no longer stored (it is computed from the due date and the balance): an invoice marked overdue was sent.
UPDATE "invoices" SET "status" = 'sent' WHERE "status" = 'overdue';--> statement-breakpoint
DROP TYPE "public"."invoice_status";--> statement-breakpoint
CREATE TYPE "public"."invoice_status" AS ENUM('draft', 'sent', 'viewed', 'partially_paid', 'paid', 'void');--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "status" SET DEFAULT 'draft'::"public"."invoice_status";--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "status" SET DATA TYPE "public"."invoice_status" USING "status"::"public"."invoice_status";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "amount_paid" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "sent_to" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "viewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "invoice_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_fk" FOREIGN KEY ("company_id","invoice_id") REFERENCES "public"."invoices"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_fk" FOREIGN KEY ("company_id","created_by") REFERENCES "public"."user"("company_id","id") ON DELETE set null (created_by) ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_company_invoice_idx" ON "payments" USING btree ("company_id","invoice_id");--> statement-breakpoint
CREATE INDEX "payments_company_date_idx" ON "payments" USING btree ("company_id","date");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_sent_to_length" CHECK (char_length("invoices"."sent_to") <= 254);--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_amount_paid_range" CHECK ("invoices"."amount_paid" >= 0);--> statement-breakpoint
-- An invoice marked paid before payments were recorded: one payment of its total, so that its balance is 0.
INSERT INTO "payments" ("company_id", "invoice_id", "date", "amount_cents", "method", "note")
  SELECT "company_id", "id", "updated_at"::date, round("total" * 100)::bigint, 'other', 'Marked paid before payments were recorded'
  FROM "invoices" WHERE "status" = 'paid' AND "total" > 0;--> statement-breakpoint
UPDATE "invoices" SET "amount_paid" = "total" WHERE "status" = 'paid';
