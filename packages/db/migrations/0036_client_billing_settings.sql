ALTER TYPE "public"."line_kind" ADD VALUE 'discount';--> statement-breakpoint
ALTER TABLE "invoice_line_items" DROP CONSTRAINT "line_items_charge_range";--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "payment_terms_days" integer;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "po_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "bill_to_client_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "po_number" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "bill_to_client_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "bill_to_name" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "bill_to_address" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "replaces_invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_bill_to_fk" FOREIGN KEY ("company_id","bill_to_client_id") REFERENCES "public"."clients"("company_id","id") ON DELETE set null (bill_to_client_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_bill_to_fk" FOREIGN KEY ("company_id","bill_to_client_id") REFERENCES "public"."clients"("company_id","id") ON DELETE set null (bill_to_client_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_replaces_fk" FOREIGN KEY ("company_id","replaces_invoice_id") REFERENCES "public"."invoices"("company_id","id") ON DELETE set null (replaces_invoice_id) ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_replaces_idx" ON "invoices" USING btree ("replaces_invoice_id");--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_payment_terms_days_range" CHECK ("clients"."payment_terms_days" between 0 and 365);--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_bill_to_not_self" CHECK ("clients"."bill_to_client_id" <> "clients"."id");--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD CONSTRAINT "line_items_charge_range" CHECK ("invoice_line_items"."charge" between -1000000 and 1000000 and ("invoice_line_items"."charge" >= 0 or "invoice_line_items"."kind"::text = 'discount'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_po_number_length" CHECK (char_length("invoices"."po_number") <= 50);--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_bill_to_name_length" CHECK (char_length("invoices"."bill_to_name") <= 500);--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_bill_to_address_length" CHECK (char_length("invoices"."bill_to_address") <= 500);