CREATE TYPE "public"."pay_period_kind" AS ENUM('weekly', 'biweekly', 'semi_monthly', 'custom');--> statement-breakpoint
CREATE TYPE "public"."pay_plan_kind" AS ENUM('percentage', 'per_job');--> statement-breakpoint
CREATE TYPE "public"."settlement_adjustment_kind" AS ENUM('advance', 'deduction', 'bonus', 'reimbursement');--> statement-breakpoint
CREATE TYPE "public"."settlement_status" AS ENUM('draft', 'approved', 'paid');--> statement-breakpoint
CREATE TABLE "pay_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"pevo_id" uuid,
	"effective_from" date NOT NULL,
	"kind" "pay_plan_kind" NOT NULL,
	"percent_basis_points" integer,
	"day_rate_cents" bigint,
	"mile_rate_cents" bigint,
	"mileage_minimum" numeric(12, 2),
	"overnight_cents" bigint,
	"no_go_cents" bigint,
	"wait_rate_cents" bigint,
	"wait_threshold_hours" integer,
	"deadhead_rate_cents" bigint,
	"per_diem_cents" bigint,
	"high_pole_cents" bigint,
	"reimbursed_expenses" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_plans_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "pay_plans_percent_range" CHECK ("pay_plans"."percent_basis_points" is null or "pay_plans"."percent_basis_points" between 0 and 10000),
	CONSTRAINT "pay_plans_percentage_set" CHECK ("pay_plans"."kind" <> 'percentage' or "pay_plans"."percent_basis_points" is not null),
	CONSTRAINT "pay_plans_reimbursed_expenses_kinds" CHECK ("pay_plans"."reimbursed_expenses" <@ array['fuel', 'lodging', 'tolls', 'other']::text[]),
	CONSTRAINT "pay_plans_mileage_minimum_range" CHECK ("pay_plans"."mileage_minimum" between 0 and 2000),
	CONSTRAINT "pay_plans_wait_threshold_hours_range" CHECK ("pay_plans"."wait_threshold_hours" is null or "pay_plans"."wait_threshold_hours" between 0 and 24),
	CONSTRAINT "pay_plans_day_rate_cents_range" CHECK ("pay_plans"."day_rate_cents" is null or "pay_plans"."day_rate_cents" between 0 and 100000000),
	CONSTRAINT "pay_plans_mile_rate_cents_range" CHECK ("pay_plans"."mile_rate_cents" is null or "pay_plans"."mile_rate_cents" between 0 and 100000000),
	CONSTRAINT "pay_plans_overnight_cents_range" CHECK ("pay_plans"."overnight_cents" is null or "pay_plans"."overnight_cents" between 0 and 100000000),
	CONSTRAINT "pay_plans_no_go_cents_range" CHECK ("pay_plans"."no_go_cents" is null or "pay_plans"."no_go_cents" between 0 and 100000000),
	CONSTRAINT "pay_plans_wait_rate_cents_range" CHECK ("pay_plans"."wait_rate_cents" is null or "pay_plans"."wait_rate_cents" between 0 and 100000000),
	CONSTRAINT "pay_plans_deadhead_rate_cents_range" CHECK ("pay_plans"."deadhead_rate_cents" is null or "pay_plans"."deadhead_rate_cents" between 0 and 100000000),
	CONSTRAINT "pay_plans_per_diem_cents_range" CHECK ("pay_plans"."per_diem_cents" is null or "pay_plans"."per_diem_cents" between 0 and 100000000),
	CONSTRAINT "pay_plans_high_pole_cents_range" CHECK ("pay_plans"."high_pole_cents" is null or "pay_plans"."high_pole_cents" between 0 and 100000000)
);
--> statement-breakpoint
CREATE TABLE "settlement_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"settlement_id" uuid NOT NULL,
	"pevo_id" uuid NOT NULL,
	"kind" "settlement_adjustment_kind" NOT NULL,
	"amount_cents" bigint NOT NULL,
	"note" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlement_adjustments_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "settlement_adjustments_note_length" CHECK (char_length("settlement_adjustments"."note") <= 1000),
	CONSTRAINT "settlement_adjustments_amount_cents_range" CHECK ("settlement_adjustments"."amount_cents" between 1 and 100000000)
);
--> statement-breakpoint
CREATE TABLE "settlement_jobs" (
	"company_id" uuid NOT NULL,
	"settlement_id" uuid NOT NULL,
	"dispatch_id" uuid NOT NULL,
	"pevo_id" uuid NOT NULL,
	"pay_plan_id" uuid,
	"job_date" date NOT NULL,
	"job_number" text NOT NULL,
	"route" text NOT NULL,
	"position" text NOT NULL,
	"invoiced_cents" bigint,
	"pay_cents" bigint DEFAULT 0 NOT NULL,
	"reimbursed_cents" bigint DEFAULT 0 NOT NULL,
	"figures" jsonb DEFAULT '{"lines":[],"expenses":[]}'::jsonb NOT NULL,
	CONSTRAINT "settlement_jobs_pkey" PRIMARY KEY("settlement_id","dispatch_id"),
	CONSTRAINT "settlement_jobs_job_number_length" CHECK (char_length("settlement_jobs"."job_number") <= 50),
	CONSTRAINT "settlement_jobs_route_length" CHECK (char_length("settlement_jobs"."route") <= 5000),
	CONSTRAINT "settlement_jobs_position_length" CHECK (char_length("settlement_jobs"."position") <= 100),
	CONSTRAINT "settlement_jobs_pay_cents_range" CHECK ("settlement_jobs"."pay_cents" between 0 and 9999999999),
	CONSTRAINT "settlement_jobs_reimbursed_cents_range" CHECK ("settlement_jobs"."reimbursed_cents" between 0 and 9999999999)
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"period_kind" "pay_period_kind" NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"include_uninvoiced" boolean DEFAULT false NOT NULL,
	"status" "settlement_status" DEFAULT 'draft' NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by" text,
	"paid_date" date,
	"paid_method" "payment_method",
	"paid_reference" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlements_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "settlements_paid_reference_length" CHECK (char_length("settlements"."paid_reference") <= 50),
	CONSTRAINT "settlements_period_order" CHECK ("settlements"."period_end" >= "settlements"."period_start"),
	CONSTRAINT "settlements_state" CHECK (("settlements"."status" = 'draft' or "settlements"."approved_at" is not null)
        and ("settlements"."status" <> 'paid' or ("settlements"."paid_date" is not null and "settlements"."paid_method" is not null)))
);
--> statement-breakpoint
ALTER TABLE "pay_plans" ADD CONSTRAINT "pay_plans_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_plans" ADD CONSTRAINT "pay_plans_created_by_fk" FOREIGN KEY ("company_id","created_by") REFERENCES "public"."user"("company_id","id") ON DELETE set null (created_by) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_plans" ADD CONSTRAINT "pay_plans_pevo_fk" FOREIGN KEY ("company_id","pevo_id") REFERENCES "public"."pevos"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_adjustments" ADD CONSTRAINT "settlement_adjustments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_adjustments" ADD CONSTRAINT "settlement_adjustments_created_by_fk" FOREIGN KEY ("company_id","created_by") REFERENCES "public"."user"("company_id","id") ON DELETE set null (created_by) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_adjustments" ADD CONSTRAINT "settlement_adjustments_settlement_fk" FOREIGN KEY ("company_id","settlement_id") REFERENCES "public"."settlements"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_adjustments" ADD CONSTRAINT "settlement_adjustments_pevo_fk" FOREIGN KEY ("company_id","pevo_id") REFERENCES "public"."pevos"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_jobs" ADD CONSTRAINT "settlement_jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_jobs" ADD CONSTRAINT "settlement_jobs_settlement_fk" FOREIGN KEY ("company_id","settlement_id") REFERENCES "public"."settlements"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_jobs" ADD CONSTRAINT "settlement_jobs_dispatch_fk" FOREIGN KEY ("company_id","dispatch_id") REFERENCES "public"."dispatches"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_jobs" ADD CONSTRAINT "settlement_jobs_pevo_fk" FOREIGN KEY ("company_id","pevo_id") REFERENCES "public"."pevos"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_jobs" ADD CONSTRAINT "settlement_jobs_plan_fk" FOREIGN KEY ("company_id","pay_plan_id") REFERENCES "public"."pay_plans"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_created_by_fk" FOREIGN KEY ("company_id","created_by") REFERENCES "public"."user"("company_id","id") ON DELETE set null (created_by) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_approved_by_fk" FOREIGN KEY ("company_id","approved_by") REFERENCES "public"."user"("company_id","id") ON DELETE set null (approved_by) ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pay_plans_company_pevo_effective_idx" ON "pay_plans" USING btree ("company_id","pevo_id","effective_from");--> statement-breakpoint
CREATE INDEX "settlement_adjustments_settlement_idx" ON "settlement_adjustments" USING btree ("company_id","settlement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_jobs_dispatch_once_key" ON "settlement_jobs" USING btree ("company_id","dispatch_id");--> statement-breakpoint
CREATE INDEX "settlement_jobs_company_pevo_idx" ON "settlement_jobs" USING btree ("company_id","pevo_id");--> statement-breakpoint
CREATE INDEX "settlements_company_created_idx" ON "settlements" USING btree ("company_id","created_at","id");