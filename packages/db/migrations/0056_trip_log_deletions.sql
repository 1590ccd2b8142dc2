CREATE TABLE "trip_log_deletions" (
	"company_id" uuid NOT NULL,
	"trip_log_id" uuid NOT NULL,
	"pevo_id" uuid NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_log_deletions_pkey" PRIMARY KEY("company_id","trip_log_id")
);
--> statement-breakpoint
ALTER TABLE "trip_log_deletions" ADD CONSTRAINT "trip_log_deletions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_log_deletions" ADD CONSTRAINT "trip_log_deletions_pevo_fk" FOREIGN KEY ("company_id","pevo_id") REFERENCES "public"."pevos"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trip_log_deletions_pevo_idx" ON "trip_log_deletions" USING btree ("company_id","pevo_id");