ALTER TABLE "pevos" ADD COLUMN "licence_review_status" "credential_review_status" DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "pevos" ADD COLUMN "licence_review_note" text;--> statement-breakpoint
ALTER TABLE "pevos" ADD COLUMN "licence_reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pevos" ADD COLUMN "licence_reviewed_by" text;--> statement-breakpoint
ALTER TABLE "pevos" ADD CONSTRAINT "pevos_licence_reviewed_by_fk" FOREIGN KEY ("company_id","licence_reviewed_by") REFERENCES "public"."user"("company_id","id") ON DELETE set null (licence_reviewed_by) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pevos" ADD CONSTRAINT "pevos_licence_review_note_length" CHECK (char_length("pevos"."licence_review_note") <= 1000);