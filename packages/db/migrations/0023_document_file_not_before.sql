DROP INDEX "document_file_deletions_company_idx";--> statement-breakpoint
ALTER TABLE "document_file_deletions" ADD COLUMN "not_before" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "document_file_deletions_key_idx" ON "document_file_deletions" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "document_file_deletions_company_idx" ON "document_file_deletions" USING btree ("company_id","not_before");