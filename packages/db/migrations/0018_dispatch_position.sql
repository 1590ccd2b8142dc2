ALTER TABLE "dispatches" ADD COLUMN "position_type" "position_type";--> statement-breakpoint
ALTER TABLE "dispatches" ADD COLUMN "position_name" text;--> statement-breakpoint
ALTER TABLE "dispatches" ADD CONSTRAINT "dispatches_position_name_length" CHECK (char_length("dispatches"."position_name") <= 100);