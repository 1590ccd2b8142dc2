ALTER TABLE "invoices" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_void_reason_length" CHECK (char_length("invoices"."void_reason") <= 1000);