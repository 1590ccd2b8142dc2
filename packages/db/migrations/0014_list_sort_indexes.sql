DROP INDEX "clients_company_name_idx";--> statement-breakpoint
DROP INDEX "pevos_company_last_name_idx";--> statement-breakpoint
CREATE INDEX "clients_contact_person_trgm_idx" ON "clients" USING gin ("contact_person" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_company_name_idx" ON "clients" USING btree ("company_id",lower("name"),"name","id");--> statement-breakpoint
CREATE INDEX "pevos_company_last_name_idx" ON "pevos" USING btree ("company_id",lower("last_name"),lower("first_name"),"id");--> statement-breakpoint
-- Written by hand (Drizzle does not declare triggers): a deleted document's stored object is queued
-- and the company's `document-purge` job (apps/server/src/features/documents/purge-job.ts) is due a
-- minute later, in the deleting transaction: a cascade from a PEVO, a rate confirmation or a
-- dispatch is covered too, and a failed removal is retried by the durable job, not a timer.
CREATE OR REPLACE FUNCTION "documents_queue_file_deletion"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "document_file_deletions" ("company_id", "storage_key") VALUES (OLD."company_id", OLD."storage_key");
	INSERT INTO "jobs" ("company_id", "kind", "key", "run_at")
		VALUES (OLD."company_id", 'document-purge', 'document-purge', now() + interval '1 minute')
		ON CONFLICT ("company_id", "key") DO UPDATE SET
			"status" = 'pending', "run_at" = LEAST(CASE WHEN "jobs"."status" = 'pending' THEN "jobs"."run_at" END, EXCLUDED."run_at"),
			"attempts" = 0, "last_error" = NULL, "finished_at" = NULL, "updated_at" = now();
	RETURN OLD;
END;
$$;
