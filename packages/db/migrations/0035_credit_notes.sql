ALTER TYPE "public"."payment_method" ADD VALUE 'credit_note';--> statement-breakpoint
ALTER TYPE "public"."public_link_purpose" ADD VALUE 'credit_note_view';--> statement-breakpoint
CREATE TABLE "credit_note_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"credit_note_id" uuid NOT NULL,
	"description" text NOT NULL,
	"quantity" numeric(12, 2) NOT NULL,
	"rate_cents" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "credit_note_lines_description_length" CHECK (char_length("credit_note_lines"."description") <= 300),
	CONSTRAINT "credit_note_lines_quantity_range" CHECK ("credit_note_lines"."quantity" > 0 and "credit_note_lines"."quantity" <= 10000),
	CONSTRAINT "credit_note_lines_rate_cents_range" CHECK ("credit_note_lines"."rate_cents" between 0 and 100000000),
	CONSTRAINT "credit_note_lines_amount_cents_range" CHECK ("credit_note_lines"."amount_cents" between 0 and 100000000)
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"client_id" uuid,
	"credit_note_number" text NOT NULL,
	"date" date NOT NULL,
	"reason" text NOT NULL,
	"total_cents" bigint NOT NULL,
	"applied_cents" bigint NOT NULL,
	"to_credit_cents" bigint NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_to" text,
	"viewed_at" timestamp with time zone,
	CONSTRAINT "credit_notes_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "credit_notes_company_number_key" UNIQUE("company_id","credit_note_number"),
	CONSTRAINT "credit_notes_credit_note_number_length" CHECK (char_length("credit_notes"."credit_note_number") <= 50),
	CONSTRAINT "credit_notes_reason_length" CHECK (char_length("credit_notes"."reason") <= 1000),
	CONSTRAINT "credit_notes_sent_to_length" CHECK (char_length("credit_notes"."sent_to") <= 254),
	CONSTRAINT "credit_notes_total_cents_range" CHECK ("credit_notes"."total_cents" between 1 and 100000000),
	CONSTRAINT "credit_notes_applied_cents_range" CHECK ("credit_notes"."applied_cents" >= 0),
	CONSTRAINT "credit_notes_to_credit_cents_range" CHECK ("credit_notes"."to_credit_cents" >= 0),
	CONSTRAINT "credit_notes_parts_sum" CHECK ("credit_notes"."applied_cents" + "credit_notes"."to_credit_cents" = "credit_notes"."total_cents")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "credit_note_id" uuid;--> statement-breakpoint
ALTER TABLE "credit_note_lines" ADD CONSTRAINT "credit_note_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note_lines" ADD CONSTRAINT "credit_note_lines_credit_note_fk" FOREIGN KEY ("company_id","credit_note_id") REFERENCES "public"."credit_notes"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_fk" FOREIGN KEY ("company_id","invoice_id") REFERENCES "public"."invoices"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_created_by_fk" FOREIGN KEY ("company_id","created_by") REFERENCES "public"."user"("company_id","id") ON DELETE set null (created_by) ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_note_lines_credit_note_idx" ON "credit_note_lines" USING btree ("credit_note_id");--> statement-breakpoint
CREATE INDEX "credit_notes_company_date_idx" ON "credit_notes" USING btree ("company_id","date","id");--> statement-breakpoint
CREATE INDEX "credit_notes_company_invoice_idx" ON "credit_notes" USING btree ("company_id","invoice_id");--> statement-breakpoint
CREATE INDEX "credit_notes_company_client_idx" ON "credit_notes" USING btree ("company_id","client_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_credit_note_fk" FOREIGN KEY ("company_id","credit_note_id") REFERENCES "public"."credit_notes"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_credit_note_key" UNIQUE("credit_note_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_credit_note_method" CHECK (("payments"."method"::text = 'credit_note') = ("payments"."credit_note_id" is not null));