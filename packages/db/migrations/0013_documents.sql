CREATE TYPE "public"."document_category" AS ENUM('certificate', 'insurance', 'license', 'permit', 'route_survey', 'photo', 'proof_of_delivery', 'signed_form', 'other');--> statement-breakpoint
CREATE TYPE "public"."document_owner_kind" AS ENUM('pevo', 'rate_confirmation', 'dispatch');--> statement-breakpoint
CREATE TABLE "document_file_deletions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"owner_kind" "document_owner_kind" NOT NULL,
	"pevo_id" uuid,
	"rate_confirmation_id" uuid,
	"dispatch_id" uuid,
	"category" "document_category" DEFAULT 'other' NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"uploaded_by" text,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "documents_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "documents_one_owner" CHECK (("documents"."owner_kind" = 'pevo' and "documents"."pevo_id" is not null and "documents"."rate_confirmation_id" is null and "documents"."dispatch_id" is null)
        or ("documents"."owner_kind" = 'rate_confirmation' and "documents"."rate_confirmation_id" is not null and "documents"."pevo_id" is null and "documents"."dispatch_id" is null)
        or ("documents"."owner_kind" = 'dispatch' and "documents"."dispatch_id" is not null and "documents"."pevo_id" is null and "documents"."rate_confirmation_id" is null)),
	CONSTRAINT "documents_size_range" CHECK ("documents"."size" between 1 and 15728640),
	CONSTRAINT "documents_file_name_length" CHECK (char_length("documents"."file_name") <= 200),
	CONSTRAINT "documents_content_type_length" CHECK (char_length("documents"."content_type") <= 50),
	CONSTRAINT "documents_storage_key_length" CHECK (char_length("documents"."storage_key") <= 100)
);
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_pevo_fk" FOREIGN KEY ("company_id","pevo_id") REFERENCES "public"."pevos"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_rc_fk" FOREIGN KEY ("company_id","rate_confirmation_id") REFERENCES "public"."rate_confirmations"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_dispatch_fk" FOREIGN KEY ("company_id","dispatch_id") REFERENCES "public"."dispatches"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_uploaded_by_fk" FOREIGN KEY ("company_id","uploaded_by") REFERENCES "public"."user"("company_id","id") ON DELETE set null (uploaded_by) ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_file_deletions_company_idx" ON "document_file_deletions" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "documents_pevo_idx" ON "documents" USING btree ("pevo_id","uploaded_at");--> statement-breakpoint
CREATE INDEX "documents_rc_idx" ON "documents" USING btree ("rate_confirmation_id","uploaded_at");--> statement-breakpoint
CREATE INDEX "documents_dispatch_idx" ON "documents" USING btree ("dispatch_id","uploaded_at");--> statement-breakpoint
-- Written by hand (Drizzle does not declare triggers): every deleted document row, by a DELETE or a
-- cascade from its owner, queues its stored object in the same transaction; the server removes the
-- queued objects after the commit (apps/server/src/lib/storage.ts).
CREATE FUNCTION "documents_queue_file_deletion"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "document_file_deletions" ("company_id", "storage_key") VALUES (OLD."company_id", OLD."storage_key");
	RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "documents_queue_file_deletion" AFTER DELETE ON "documents" FOR EACH ROW EXECUTE FUNCTION "documents_queue_file_deletion"();
