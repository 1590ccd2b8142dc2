CREATE TYPE "public"."credential_review_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."insurance_type" AS ENUM('auto_liability', 'general_liability', 'other');--> statement-breakpoint
CREATE TABLE "pevo_certifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"pevo_id" uuid NOT NULL,
	"state" text NOT NULL,
	"certificate_number" text NOT NULL,
	"issued_on" date,
	"expires_on" date NOT NULL,
	"document_id" uuid,
	"review_status" "credential_review_status" DEFAULT 'approved' NOT NULL,
	"review_note" text,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pevo_certifications_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "pevo_certifications_state_code" CHECK ("pevo_certifications"."state" ~ '^[A-Z]{2}$'),
	CONSTRAINT "pevo_certifications_certificate_number_length" CHECK (char_length("pevo_certifications"."certificate_number") <= 50),
	CONSTRAINT "pevo_certifications_review_note_length" CHECK (char_length("pevo_certifications"."review_note") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "pevo_insurance" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"pevo_id" uuid NOT NULL,
	"type" "insurance_type" NOT NULL,
	"carrier" text NOT NULL,
	"policy_number" text NOT NULL,
	"coverage_cents" bigint,
	"expires_on" date NOT NULL,
	"document_id" uuid,
	"review_status" "credential_review_status" DEFAULT 'approved' NOT NULL,
	"review_note" text,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pevo_insurance_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "pevo_insurance_coverage_cents_range" CHECK ("pevo_insurance"."coverage_cents" between 0 and 10000000000),
	CONSTRAINT "pevo_insurance_carrier_length" CHECK (char_length("pevo_insurance"."carrier") <= 100),
	CONSTRAINT "pevo_insurance_policy_number_length" CHECK (char_length("pevo_insurance"."policy_number") <= 50),
	CONSTRAINT "pevo_insurance_review_note_length" CHECK (char_length("pevo_insurance"."review_note") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "pevo_vehicles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"pevo_id" uuid NOT NULL,
	"year" integer,
	"make" text,
	"model" text,
	"plate" text,
	"plate_state" text,
	"equipment" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"review_status" "credential_review_status" DEFAULT 'approved' NOT NULL,
	"review_note" text,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pevo_vehicles_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "pevo_vehicles_pevo_key" UNIQUE("pevo_id"),
	CONSTRAINT "pevo_vehicles_year_range" CHECK ("pevo_vehicles"."year" between 1900 and 2200),
	CONSTRAINT "pevo_vehicles_plate_state_code" CHECK ("pevo_vehicles"."plate_state" ~ '^[A-Z]{2}$'),
	CONSTRAINT "pevo_vehicles_equipment_size" CHECK (pg_column_size("pevo_vehicles"."equipment") <= 8192),
	CONSTRAINT "pevo_vehicles_make_length" CHECK (char_length("pevo_vehicles"."make") <= 100),
	CONSTRAINT "pevo_vehicles_model_length" CHECK (char_length("pevo_vehicles"."model") <= 100),
	CONSTRAINT "pevo_vehicles_plate_length" CHECK (char_length("pevo_vehicles"."plate") <= 50),
	CONSTRAINT "pevo_vehicles_review_note_length" CHECK (char_length("pevo_vehicles"."review_note") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "pevo_certifications" ADD CONSTRAINT "pevo_certifications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pevo_certifications" ADD CONSTRAINT "pevo_certifications_pevo_fk" FOREIGN KEY ("company_id","pevo_id") REFERENCES "public"."pevos"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pevo_certifications" ADD CONSTRAINT "pevo_certifications_document_fk" FOREIGN KEY ("company_id","document_id") REFERENCES "public"."documents"("company_id","id") ON DELETE set null (document_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pevo_certifications" ADD CONSTRAINT "pevo_certifications_reviewed_by_fk" FOREIGN KEY ("company_id","reviewed_by") REFERENCES "public"."user"("company_id","id") ON DELETE set null (reviewed_by) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pevo_insurance" ADD CONSTRAINT "pevo_insurance_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pevo_insurance" ADD CONSTRAINT "pevo_insurance_pevo_fk" FOREIGN KEY ("company_id","pevo_id") REFERENCES "public"."pevos"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pevo_insurance" ADD CONSTRAINT "pevo_insurance_document_fk" FOREIGN KEY ("company_id","document_id") REFERENCES "public"."documents"("company_id","id") ON DELETE set null (document_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pevo_insurance" ADD CONSTRAINT "pevo_insurance_reviewed_by_fk" FOREIGN KEY ("company_id","reviewed_by") REFERENCES "public"."user"("company_id","id") ON DELETE set null (reviewed_by) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pevo_vehicles" ADD CONSTRAINT "pevo_vehicles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pevo_vehicles" ADD CONSTRAINT "pevo_vehicles_pevo_fk" FOREIGN KEY ("company_id","pevo_id") REFERENCES "public"."pevos"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pevo_vehicles" ADD CONSTRAINT "pevo_vehicles_reviewed_by_fk" FOREIGN KEY ("company_id","reviewed_by") REFERENCES "public"."user"("company_id","id") ON DELETE set null (reviewed_by) ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pevo_certifications_pevo_idx" ON "pevo_certifications" USING btree ("pevo_id","state");--> statement-breakpoint
CREATE INDEX "pevo_certifications_expiry_idx" ON "pevo_certifications" USING btree ("company_id","expires_on");--> statement-breakpoint
CREATE INDEX "pevo_insurance_pevo_idx" ON "pevo_insurance" USING btree ("pevo_id");--> statement-breakpoint
CREATE INDEX "pevo_insurance_expiry_idx" ON "pevo_insurance" USING btree ("company_id","expires_on");