CREATE TYPE "public"."dispatch_event_kind" AS ENUM('assigned', 'accepted', 'declined', 'on_my_way', 'arrived_pickup', 'escort_started', 'completed', 'problem');--> statement-breakpoint
CREATE TABLE "dispatch_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"dispatch_id" uuid NOT NULL,
	"kind" "dispatch_event_kind" NOT NULL,
	"pevo_id" uuid,
	"by_user_id" text,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"note" text,
	CONSTRAINT "dispatch_events_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "dispatch_events_note_length" CHECK (char_length("dispatch_events"."note") <= 5000),
	CONSTRAINT "dispatch_events_coordinates" CHECK (("dispatch_events"."lat" is null and "dispatch_events"."lng" is null) or ("dispatch_events"."lat" between -90 and 90 and "dispatch_events"."lng" between -180 and 180))
);
--> statement-breakpoint
ALTER TABLE "dispatch_events" ADD CONSTRAINT "dispatch_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_events" ADD CONSTRAINT "dispatch_events_dispatch_fk" FOREIGN KEY ("company_id","dispatch_id") REFERENCES "public"."dispatches"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_events" ADD CONSTRAINT "dispatch_events_pevo_fk" FOREIGN KEY ("company_id","pevo_id") REFERENCES "public"."pevos"("company_id","id") ON DELETE set null (pevo_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_events" ADD CONSTRAINT "dispatch_events_by_fk" FOREIGN KEY ("company_id","by_user_id") REFERENCES "public"."user"("company_id","id") ON DELETE set null (by_user_id) ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dispatch_events_dispatch_at_idx" ON "dispatch_events" USING btree ("company_id","dispatch_id","at");