ALTER TABLE "invoices" ADD COLUMN "memo" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_memo_length" CHECK (char_length("invoices"."memo") <= 5000);--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_void_reason_length" CHECK (char_length("invoices"."void_reason") <= 1000);