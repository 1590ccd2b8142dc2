CREATE TYPE "public"."job_log_kind" AS ENUM('stop', 'pole_height', 'strike', 'near_miss');--> statement-breakpoint
CREATE TABLE "job_log_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"dispatch_id" uuid NOT NULL,
	"pevo_id" uuid,
	"by_user_id" text,
	"kind" "job_log_kind" NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"reason" text,
	"height_inches" integer,
	"place" text,
	"lat" double precision,
	"lng" double precision,
	"accuracy" double precision,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "job_log_entries_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "job_log_entries_reason_length" CHECK (char_length("job_log_entries"."reason") <= 1000),
	CONSTRAINT "job_log_entries_place_length" CHECK (char_length("job_log_entries"."place") <= 300),
	CONSTRAINT "job_log_entries_height_range" CHECK ("job_log_entries"."height_inches" between 120 and 240),
	CONSTRAINT "job_log_entries_kind_fields" CHECK (("job_log_entries"."kind" <> 'pole_height' or "job_log_entries"."height_inches" is not null) and ("job_log_entries"."kind" = 'pole_height' or "job_log_entries"."reason" is not null)),
	CONSTRAINT "job_log_entries_coordinates" CHECK (("job_log_entries"."lat" is null and "job_log_entries"."lng" is null and "job_log_entries"."accuracy" is null) or ("job_log_entries"."lat" between -90 and 90 and "job_log_entries"."lng" between -180 and 180)),
	CONSTRAINT "job_log_entries_accuracy_range" CHECK ("job_log_entries"."accuracy" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "safety_checklists" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"items" text[] NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safety_meetings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"dispatch_id" uuid NOT NULL,
	"pevo_id" uuid,
	"by_user_id" text,
	"items" text[] NOT NULL,
	"pevo_name" text NOT NULL,
	"pevo_signature" text NOT NULL,
	"driver_name" text NOT NULL,
	"driver_signature" text NOT NULL,
	"signed_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"accuracy" double precision,
	CONSTRAINT "safety_meetings_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "safety_meetings_dispatch_pevo_key" UNIQUE("company_id","dispatch_id","pevo_id"),
	CONSTRAINT "safety_meetings_pevo_name_length" CHECK (char_length("safety_meetings"."pevo_name") <= 100),
	CONSTRAINT "safety_meetings_driver_name_length" CHECK (char_length("safety_meetings"."driver_name") <= 100),
	CONSTRAINT "safety_meetings_pevo_signature_length" CHECK (char_length("safety_meetings"."pevo_signature") <= 200000),
	CONSTRAINT "safety_meetings_driver_signature_length" CHECK (char_length("safety_meetings"."driver_signature") <= 200000),
	CONSTRAINT "safety_meetings_coordinates" CHECK (("safety_meetings"."lat" is null and "safety_meetings"."lng" is null and "safety_meetings"."accuracy" is null) or ("safety_meetings"."lat" between -90 and 90 and "safety_meetings"."lng" between -180 and 180)),
	CONSTRAINT "safety_meetings_accuracy_range" CHECK ("safety_meetings"."accuracy" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "job_log_entries" ADD CONSTRAINT "job_log_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_log_entries" ADD CONSTRAINT "job_log_entries_dispatch_fk" FOREIGN KEY ("company_id","dispatch_id") REFERENCES "public"."dispatches"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_log_entries" ADD CONSTRAINT "job_log_entries_pevo_fk" FOREIGN KEY ("company_id","pevo_id") REFERENCES "public"."pevos"("company_id","id") ON DELETE set null (pevo_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_log_entries" ADD CONSTRAINT "job_log_entries_by_fk" FOREIGN KEY ("company_id","by_user_id") REFERENCES "public"."user"("company_id","id") ON DELETE set null (by_user_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_checklists" ADD CONSTRAINT "safety_checklists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_checklists" ADD CONSTRAINT "safety_checklists_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_meetings" ADD CONSTRAINT "safety_meetings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_meetings" ADD CONSTRAINT "safety_meetings_dispatch_fk" FOREIGN KEY ("company_id","dispatch_id") REFERENCES "public"."dispatches"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_meetings" ADD CONSTRAINT "safety_meetings_pevo_fk" FOREIGN KEY ("company_id","pevo_id") REFERENCES "public"."pevos"("company_id","id") ON DELETE set null (pevo_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_meetings" ADD CONSTRAINT "safety_meetings_by_fk" FOREIGN KEY ("company_id","by_user_id") REFERENCES "public"."user"("company_id","id") ON DELETE set null (by_user_id) ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_log_entries_dispatch_at_idx" ON "job_log_entries" USING btree ("company_id","dispatch_id","at");