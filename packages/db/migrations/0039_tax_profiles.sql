CREATE TYPE "public"."tax_classification" AS ENUM('individual', 'c_corporation', 's_corporation', 'partnership', 'trust_estate', 'llc_c', 'llc_s', 'llc_p', 'other');--> statement-breakpoint
CREATE TYPE "public"."tin_type" AS ENUM('ssn', 'ein');--> statement-breakpoint
ALTER TYPE "public"."document_category" ADD VALUE 'w9' BEFORE 'other';--> statement-breakpoint
CREATE TABLE "pevo_tax_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"pevo_id" uuid NOT NULL,
	"legal_name" text NOT NULL,
	"business_name" text,
	"classification" "tax_classification" NOT NULL,
	"classification_other" text,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"tin_type" "tin_type" NOT NULL,
	"tin_ciphertext" text NOT NULL,
	"tin_iv" text NOT NULL,
	"tin_tag" text NOT NULL,
	"tin_last4" text NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pevo_tax_profiles_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "pevo_tax_profiles_pevo_key" UNIQUE("company_id","pevo_id"),
	CONSTRAINT "pevo_tax_profiles_legal_name_length" CHECK (char_length("pevo_tax_profiles"."legal_name") <= 100),
	CONSTRAINT "pevo_tax_profiles_business_name_length" CHECK (char_length("pevo_tax_profiles"."business_name") <= 100),
	CONSTRAINT "pevo_tax_profiles_classification_other_length" CHECK (char_length("pevo_tax_profiles"."classification_other") <= 100),
	CONSTRAINT "pevo_tax_profiles_address_length" CHECK (char_length("pevo_tax_profiles"."address") <= 300),
	CONSTRAINT "pevo_tax_profiles_city_length" CHECK (char_length("pevo_tax_profiles"."city") <= 100),
	CONSTRAINT "pevo_tax_profiles_state_length" CHECK (char_length("pevo_tax_profiles"."state") <= 2),
	CONSTRAINT "pevo_tax_profiles_zip_length" CHECK (char_length("pevo_tax_profiles"."zip") <= 10),
	CONSTRAINT "pevo_tax_profiles_tin_ciphertext_length" CHECK (char_length("pevo_tax_profiles"."tin_ciphertext") <= 64),
	CONSTRAINT "pevo_tax_profiles_tin_iv_length" CHECK (char_length("pevo_tax_profiles"."tin_iv") <= 32),
	CONSTRAINT "pevo_tax_profiles_tin_tag_length" CHECK (char_length("pevo_tax_profiles"."tin_tag") <= 32),
	CONSTRAINT "pevo_tax_profiles_tin_last4_digits" CHECK ("pevo_tax_profiles"."tin_last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "tax_year_settings" (
	"company_id" uuid NOT NULL,
	"tax_year" integer NOT NULL,
	"threshold_cents" bigint NOT NULL,
	"include_reimbursed_expenses" boolean DEFAULT false NOT NULL,
	"payer_tin" text,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_year_settings_pkey" PRIMARY KEY("company_id","tax_year"),
	CONSTRAINT "tax_year_settings_year_range" CHECK ("tax_year_settings"."tax_year" between 2020 and 2100),
	CONSTRAINT "tax_year_settings_threshold_range" CHECK ("tax_year_settings"."threshold_cents" between 0 and 10000000),
	CONSTRAINT "tax_year_settings_payer_tin_digits" CHECK ("tax_year_settings"."payer_tin" ~ '^[0-9]{9}$')
);
--> statement-breakpoint
ALTER TABLE "pevo_tax_profiles" ADD CONSTRAINT "pevo_tax_profiles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pevo_tax_profiles" ADD CONSTRAINT "pevo_tax_profiles_pevo_fk" FOREIGN KEY ("company_id","pevo_id") REFERENCES "public"."pevos"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pevo_tax_profiles" ADD CONSTRAINT "pevo_tax_profiles_updated_by_fk" FOREIGN KEY ("company_id","updated_by") REFERENCES "public"."user"("company_id","id") ON DELETE set null (updated_by) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_year_settings" ADD CONSTRAINT "tax_year_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_year_settings" ADD CONSTRAINT "tax_year_settings_updated_by_fk" FOREIGN KEY ("company_id","updated_by") REFERENCES "public"."user"("company_id","id") ON DELETE set null (updated_by) ON UPDATE no action;