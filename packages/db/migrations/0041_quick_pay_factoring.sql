ALTER TABLE "clients" ADD COLUMN "quick_pay_percent" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "quick_pay_days" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "quick_pay_percent" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "quick_pay_days" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "factored_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "factor_name" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "factor_email" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "factor_remit_to" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "factor_notice" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "sent_to_factor_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "factor_name" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "factor_email" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "factor_remit_to" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "factor_notice" text;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_quick_pay_terms" CHECK (("clients"."quick_pay_percent" is null) = ("clients"."quick_pay_days" is null) and "clients"."quick_pay_percent" between 0.01 and 25 and "clients"."quick_pay_days" between 1 and 60);--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_factor_name_length" CHECK (char_length("invoices"."factor_name") <= 100);--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_factor_email_length" CHECK (char_length("invoices"."factor_email") <= 254);--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_factor_remit_to_length" CHECK (char_length("invoices"."factor_remit_to") <= 300);--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_factor_notice_length" CHECK (char_length("invoices"."factor_notice") <= 1000);--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_quick_pay_terms" CHECK (("invoices"."quick_pay_percent" is null) = ("invoices"."quick_pay_days" is null) and "invoices"."quick_pay_percent" between 0.01 and 25 and "invoices"."quick_pay_days" between 1 and 60);--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_factored_has_factor" CHECK (("invoices"."factored_at" is null) or ("invoices"."factor_name" is not null and "invoices"."factor_remit_to" is not null));--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_factor_name_length" CHECK (char_length("companies"."factor_name") <= 100);--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_factor_email_length" CHECK (char_length("companies"."factor_email") <= 254);--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_factor_remit_to_length" CHECK (char_length("companies"."factor_remit_to") <= 300);--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_factor_notice_length" CHECK (char_length("companies"."factor_notice") <= 1000);