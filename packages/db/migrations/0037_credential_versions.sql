CREATE TABLE "pevo_credential_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"pevo_id" uuid NOT NULL,
	"certification_id" uuid,
	"insurance_id" uuid,
	"vehicle_id" uuid,
	"data" jsonb NOT NULL,
	"status" "credential_review_status" DEFAULT 'pending' NOT NULL,
	"submitted_by" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"review_note" text,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	CONSTRAINT "pevo_credential_versions_one_credential" CHECK (num_nonnulls("pevo_credential_versions"."certification_id", "pevo_credential_versions"."insurance_id", "pevo_credential_versions"."vehicle_id") = 1),
	CONSTRAINT "pevo_credential_versions_data_size" CHECK (pg_column_size("pevo_credential_versions"."data") <= 16384),
	CONSTRAINT "pevo_credential_versions_review_note_length" CHECK (char_length("pevo_credential_versions"."review_note") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "pevo_credential_versions" ADD CONSTRAINT "pevo_credential_versions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pevo_credential_versions" ADD CONSTRAINT "pevo_credential_versions_pevo_fk" FOREIGN KEY ("company_id","pevo_id") REFERENCES "public"."pevos"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pevo_credential_versions" ADD CONSTRAINT "pevo_credential_versions_certification_fk" FOREIGN KEY ("company_id","certification_id") REFERENCES "public"."pevo_certifications"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pevo_credential_versions" ADD CONSTRAINT "pevo_credential_versions_insurance_fk" FOREIGN KEY ("company_id","insurance_id") REFERENCES "public"."pevo_insurance"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pevo_credential_versions" ADD CONSTRAINT "pevo_credential_versions_vehicle_fk" FOREIGN KEY ("company_id","vehicle_id") REFERENCES "public"."pevo_vehicles"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pevo_credential_versions" ADD CONSTRAINT "pevo_credential_versions_submitted_by_fk" FOREIGN KEY ("company_id","submitted_by") REFERENCES "public"."user"("company_id","id") ON DELETE set null (submitted_by) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pevo_credential_versions" ADD CONSTRAINT "pevo_credential_versions_reviewed_by_fk" FOREIGN KEY ("company_id","reviewed_by") REFERENCES "public"."user"("company_id","id") ON DELETE set null (reviewed_by) ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pevo_credential_versions_pending_certification_idx" ON "pevo_credential_versions" USING btree ("certification_id") WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "pevo_credential_versions_pending_insurance_idx" ON "pevo_credential_versions" USING btree ("insurance_id") WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "pevo_credential_versions_pending_vehicle_idx" ON "pevo_credential_versions" USING btree ("vehicle_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "pevo_credential_versions_pending_idx" ON "pevo_credential_versions" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "pevo_credential_versions_pevo_idx" ON "pevo_credential_versions" USING btree ("pevo_id");--> statement-breakpoint
-- HAND-WRITTEN BACKFILL (carry over when this migration is regenerated): a credential a PEVO changed
-- before versions existed is a pending row; give each one its pending version (the values of the row,
-- in the shape of the kind's zod output) so the office's "To review" card and the review see it.
INSERT INTO "pevo_credential_versions" ("company_id", "pevo_id", "certification_id", "data", "status", "submitted_at")
SELECT "company_id", "pevo_id", "id",
  jsonb_build_object('state', "state", 'certificateNumber', "certificate_number", 'issuedOn', "issued_on",
    'expiresOn', "expires_on", 'documentId', "document_id"),
  'pending', "updated_at"
FROM "pevo_certifications" WHERE "review_status" = 'pending';--> statement-breakpoint
INSERT INTO "pevo_credential_versions" ("company_id", "pevo_id", "insurance_id", "data", "status", "submitted_at")
SELECT "company_id", "pevo_id", "id",
  jsonb_build_object('type', "type", 'carrier', "carrier", 'policyNumber', "policy_number",
    'coverageAmount', CASE WHEN "coverage_cents" IS NULL THEN NULL ELSE to_char("coverage_cents" / 100.0, 'FM999999999990.00') END,
    'expiresOn', "expires_on", 'documentId', "document_id"),
  'pending', "updated_at"
FROM "pevo_insurance" WHERE "review_status" = 'pending';--> statement-breakpoint
INSERT INTO "pevo_credential_versions" ("company_id", "pevo_id", "vehicle_id", "data", "status", "submitted_at")
SELECT "company_id", "pevo_id", "id",
  jsonb_build_object('year', "year", 'make', "make", 'model', "model", 'plate', "plate",
    'plateState', "plate_state", 'equipment', "equipment"),
  'pending', "updated_at"
FROM "pevo_vehicles" WHERE "review_status" = 'pending';
