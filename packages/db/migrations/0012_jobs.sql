CREATE TYPE "public"."job_status" AS ENUM('pending', 'running', 'done', 'failed', 'canceled');--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"status" "job_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_company_key_key" UNIQUE("company_id","key"),
	CONSTRAINT "jobs_kind_length" CHECK (char_length("jobs"."kind") <= 100),
	CONSTRAINT "jobs_key_length" CHECK (char_length("jobs"."key") <= 300),
	CONSTRAINT "jobs_last_error_length" CHECK (char_length("jobs"."last_error") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "time_zone" text DEFAULT 'America/Chicago' NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_status_run_at_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_time_zone_length" CHECK (char_length("companies"."time_zone") <= 64);