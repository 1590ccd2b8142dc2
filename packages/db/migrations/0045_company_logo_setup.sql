ALTER TABLE "companies" ADD COLUMN "logo" "bytea";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "logo_type" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "logo_key" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "setup_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "checklist_open" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_logo_key_unique" ON "companies" USING btree ("logo_key");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_logo_size" CHECK (octet_length("companies"."logo") <= 1048576);--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_logo_type" CHECK ("companies"."logo_type" in ('image/png', 'image/jpeg'));