CREATE TABLE "invoice_jobs" (
	"company_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"dispatch_id" uuid NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_jobs_pkey" PRIMARY KEY("invoice_id","dispatch_id")
);
--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD COLUMN "dispatch_id" uuid;--> statement-breakpoint
ALTER TABLE "invoice_jobs" ADD CONSTRAINT "invoice_jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_jobs" ADD CONSTRAINT "invoice_jobs_invoice_fk" FOREIGN KEY ("company_id","invoice_id") REFERENCES "public"."invoices"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_jobs" ADD CONSTRAINT "invoice_jobs_dispatch_fk" FOREIGN KEY ("company_id","dispatch_id") REFERENCES "public"."dispatches"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_jobs_dispatch_once_key" ON "invoice_jobs" USING btree ("company_id","dispatch_id") WHERE "invoice_jobs"."released_at" is null;--> statement-breakpoint
CREATE INDEX "invoice_jobs_company_invoice_idx" ON "invoice_jobs" USING btree ("company_id","invoice_id");--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD CONSTRAINT "line_items_dispatch_fk" FOREIGN KEY ("company_id","dispatch_id") REFERENCES "public"."dispatches"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- HAND-WRITTEN (carry over when this migration is regenerated): every existing invoice claims its
-- dispatch, so the unique claim above covers the invoices written before it. A dispatch with several
-- invoices (supplementary ones): the oldest non-void one claims it, the others bill it unclaimed;
-- void invoices keep a released claim (they still show their job).
INSERT INTO "invoice_jobs" ("company_id", "invoice_id", "dispatch_id", "released_at")
SELECT DISTINCT ON ("company_id", "dispatch_id") "company_id", "id", "dispatch_id", NULL::timestamptz
FROM "invoices" WHERE "status" <> 'void'
ORDER BY "company_id", "dispatch_id", "created_at", "id";--> statement-breakpoint
INSERT INTO "invoice_jobs" ("company_id", "invoice_id", "dispatch_id", "released_at")
SELECT "company_id", "id", "dispatch_id", "updated_at" FROM "invoices" WHERE "status" = 'void';
