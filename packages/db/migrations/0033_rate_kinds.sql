ALTER TYPE "public"."line_kind" ADD VALUE 'standby' BEFORE 'custom';--> statement-breakpoint
ALTER TYPE "public"."line_kind" ADD VALUE 'deadhead' BEFORE 'custom';--> statement-breakpoint
ALTER TYPE "public"."line_kind" ADD VALUE 'per_diem' BEFORE 'custom';--> statement-breakpoint
ALTER TYPE "public"."line_kind" ADD VALUE 'high_pole' BEFORE 'custom';--> statement-breakpoint
ALTER TABLE "rate_confirmation_standard_rates" ADD COLUMN "deadhead_rate" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "rate_confirmation_standard_rates" ADD COLUMN "deadhead_miles" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "rate_confirmation_standard_rates" ADD COLUMN "per_diem_rate" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "rate_confirmation_standard_rates" ADD COLUMN "standby_rate" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "rate_confirmation_standard_rates" ADD COLUMN "standby_threshold" integer;--> statement-breakpoint
ALTER TABLE "rate_confirmation_standard_rates" ADD COLUMN "high_pole_rate" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "rate_confirmation_standard_rates" ADD COLUMN "mileage_minimum" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "rate_confirmation_standard_rates" ADD COLUMN "tolls_at_cost" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "trip_logs" ADD COLUMN "standby_hours" numeric(6, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "rate_confirmation_standard_rates" ADD CONSTRAINT "standard_rates_deadhead_rate_range" CHECK ("rate_confirmation_standard_rates"."deadhead_rate" between 0 and 1000000);--> statement-breakpoint
ALTER TABLE "rate_confirmation_standard_rates" ADD CONSTRAINT "standard_rates_per_diem_rate_range" CHECK ("rate_confirmation_standard_rates"."per_diem_rate" between 0 and 1000000);--> statement-breakpoint
ALTER TABLE "rate_confirmation_standard_rates" ADD CONSTRAINT "standard_rates_standby_rate_range" CHECK ("rate_confirmation_standard_rates"."standby_rate" between 0 and 1000000);--> statement-breakpoint
ALTER TABLE "rate_confirmation_standard_rates" ADD CONSTRAINT "standard_rates_high_pole_rate_range" CHECK ("rate_confirmation_standard_rates"."high_pole_rate" between 0 and 1000000);--> statement-breakpoint
ALTER TABLE "rate_confirmation_standard_rates" ADD CONSTRAINT "standard_rates_deadhead_miles_range" CHECK ("rate_confirmation_standard_rates"."deadhead_miles" between 0 and 2000);--> statement-breakpoint
ALTER TABLE "rate_confirmation_standard_rates" ADD CONSTRAINT "standard_rates_mileage_minimum_range" CHECK ("rate_confirmation_standard_rates"."mileage_minimum" between 0 and 2000);--> statement-breakpoint
ALTER TABLE "rate_confirmation_standard_rates" ADD CONSTRAINT "standard_rates_standby_threshold_range" CHECK ("rate_confirmation_standard_rates"."standby_threshold" between 0 and 24);--> statement-breakpoint
ALTER TABLE "trip_logs" ADD CONSTRAINT "trip_logs_standby_hours_range" CHECK ("trip_logs"."standby_hours" between 0 and 24);