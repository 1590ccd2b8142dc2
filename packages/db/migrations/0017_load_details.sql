CREATE TABLE "rate_confirmation_permits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"rate_confirmation_id" uuid NOT NULL,
	"state" text NOT NULL,
	"permit_number" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "permits_rc_state_key" UNIQUE("rate_confirmation_id","state"),
	CONSTRAINT "permits_state_length" CHECK (char_length("rate_confirmation_permits"."state") <= 2),
	CONSTRAINT "permits_permit_number_length" CHECK (char_length("rate_confirmation_permits"."permit_number") <= 50)
);
--> statement-breakpoint
ALTER TABLE "rate_confirmations" ADD COLUMN "load_description" text;--> statement-breakpoint
ALTER TABLE "rate_confirmations" ADD COLUMN "load_width_inches" integer;--> statement-breakpoint
ALTER TABLE "rate_confirmations" ADD COLUMN "load_height_inches" integer;--> statement-breakpoint
ALTER TABLE "rate_confirmations" ADD COLUMN "load_length_inches" integer;--> statement-breakpoint
ALTER TABLE "rate_confirmations" ADD COLUMN "load_weight_pounds" integer;--> statement-breakpoint
ALTER TABLE "rate_confirmations" ADD COLUMN "front_overhang_inches" integer;--> statement-breakpoint
ALTER TABLE "rate_confirmations" ADD COLUMN "rear_overhang_inches" integer;--> statement-breakpoint
ALTER TABLE "rate_confirmations" ADD COLUMN "truck_number" text;--> statement-breakpoint
ALTER TABLE "rate_confirmations" ADD COLUMN "trailer_number" text;--> statement-breakpoint
ALTER TABLE "rate_confirmations" ADD COLUMN "cb_channel" integer;--> statement-breakpoint
ALTER TABLE "rate_confirmations" ADD COLUMN "route_description" text;--> statement-breakpoint
ALTER TABLE "rate_confirmations" ADD COLUMN "route_states" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "rate_confirmation_permits" ADD CONSTRAINT "rate_confirmation_permits_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_confirmation_permits" ADD CONSTRAINT "permits_rc_fk" FOREIGN KEY ("company_id","rate_confirmation_id") REFERENCES "public"."rate_confirmations"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_confirmations" ADD CONSTRAINT "rate_confirmations_load_description_length" CHECK (char_length("rate_confirmations"."load_description") <= 300);--> statement-breakpoint
ALTER TABLE "rate_confirmations" ADD CONSTRAINT "rate_confirmations_truck_number_length" CHECK (char_length("rate_confirmations"."truck_number") <= 50);--> statement-breakpoint
ALTER TABLE "rate_confirmations" ADD CONSTRAINT "rate_confirmations_trailer_number_length" CHECK (char_length("rate_confirmations"."trailer_number") <= 50);--> statement-breakpoint
ALTER TABLE "rate_confirmations" ADD CONSTRAINT "rate_confirmations_route_description_length" CHECK (char_length("rate_confirmations"."route_description") <= 5000);--> statement-breakpoint
ALTER TABLE "rate_confirmations" ADD CONSTRAINT "rate_confirmations_load_width_inches_range" CHECK ("rate_confirmations"."load_width_inches" between 0 and 480);--> statement-breakpoint
ALTER TABLE "rate_confirmations" ADD CONSTRAINT "rate_confirmations_load_height_inches_range" CHECK ("rate_confirmations"."load_height_inches" between 0 and 480);--> statement-breakpoint
ALTER TABLE "rate_confirmations" ADD CONSTRAINT "rate_confirmations_load_length_inches_range" CHECK ("rate_confirmations"."load_length_inches" between 0 and 4800);--> statement-breakpoint
ALTER TABLE "rate_confirmations" ADD CONSTRAINT "rate_confirmations_load_weight_pounds_range" CHECK ("rate_confirmations"."load_weight_pounds" between 0 and 2000000);--> statement-breakpoint
ALTER TABLE "rate_confirmations" ADD CONSTRAINT "rate_confirmations_front_overhang_inches_range" CHECK ("rate_confirmations"."front_overhang_inches" between 0 and 1200);--> statement-breakpoint
ALTER TABLE "rate_confirmations" ADD CONSTRAINT "rate_confirmations_rear_overhang_inches_range" CHECK ("rate_confirmations"."rear_overhang_inches" between 0 and 1200);--> statement-breakpoint
ALTER TABLE "rate_confirmations" ADD CONSTRAINT "rate_confirmations_cb_channel_range" CHECK ("rate_confirmations"."cb_channel" between 1 and 40);--> statement-breakpoint
ALTER TABLE "rate_confirmations" ADD CONSTRAINT "rate_confirmations_route_states_length" CHECK (cardinality("rate_confirmations"."route_states") <= 50);