DROP INDEX "clients_name_trgm_idx";--> statement-breakpoint
DROP INDEX "clients_contact_person_trgm_idx";--> statement-breakpoint
DROP INDEX "clients_email_trgm_idx";--> statement-breakpoint
DROP INDEX "clients_phone_trgm_idx";--> statement-breakpoint
DROP INDEX "pevos_first_name_trgm_idx";--> statement-breakpoint
DROP INDEX "pevos_last_name_trgm_idx";--> statement-breakpoint
DROP INDEX "pevos_email_trgm_idx";--> statement-breakpoint
DROP INDEX "pevos_phone_trgm_idx";--> statement-breakpoint
DROP INDEX "rate_confirmations_company_signature_idx";--> statement-breakpoint
DROP INDEX "rate_confirmations_origin_trgm_idx";--> statement-breakpoint
DROP INDEX "rate_confirmations_destination_trgm_idx";--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name || E'\n' || coalesce(contact_person, '') || E'\n' || coalesce(email, '') || E'\n' || coalesce(phone, ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "pevos" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name || E'\n' || coalesce(email, '') || E'\n' || coalesce(phone, ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "rate_confirmations" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(job_number || E'\n' || origin_address || E'\n' || destination_address)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "clients_search_text_trgm_idx" ON "clients" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pevos_search_text_trgm_idx" ON "pevos" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "rate_confirmations_signature_expiry_idx" ON "rate_confirmations" USING btree ("company_id","signature_expires_at","signature_status") WHERE "rate_confirmations"."signature_expires_at" is not null and "rate_confirmations"."canceled_at" is null;--> statement-breakpoint
CREATE INDEX "rate_confirmations_search_text_trgm_idx" ON "rate_confirmations" USING gin ("search_text" gin_trgm_ops);