CREATE TYPE "public"."line_kind" AS ENUM('day', 'mileage', 'overnight', 'no_go', 'detention', 'custom', 'expense');--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD COLUMN "kind" "line_kind" DEFAULT 'custom' NOT NULL;--> statement-breakpoint
ALTER TABLE "trip_logs" ADD COLUMN "wait_hours" numeric(6, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "trip_logs" ADD COLUMN "overnight" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "trip_logs" ADD COLUMN "no_go" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "trip_logs" ADD CONSTRAINT "trip_logs_wait_hours_range" CHECK ("trip_logs"."wait_hours" between 0 and 24);--> statement-breakpoint
-- Existing lines: a line with miles came from the trip log (mileage); a line without miles charging the
-- rate confirmation's minimum daily rate is a day; anything else was typed by hand (custom, the default).
UPDATE "invoice_line_items" AS "li" SET "kind" = CASE
  WHEN "li"."mileage" > 0 THEN 'mileage'::"line_kind"
  WHEN EXISTS (
    SELECT 1 FROM "invoices" AS "i"
    JOIN "dispatches" AS "d" ON "d"."id" = "i"."dispatch_id"
    JOIN "rate_confirmation_standard_rates" AS "sr" ON "sr"."rate_confirmation_id" = "d"."rate_confirmation_id"
    WHERE "i"."id" = "li"."invoice_id" AND "sr"."minimum_daily_rate" = "li"."charge"
  ) THEN 'day'::"line_kind"
  ELSE 'custom'::"line_kind"
END;
