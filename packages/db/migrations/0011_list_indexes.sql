DROP INDEX "dispatches_pevo_pickup_idx";--> statement-breakpoint
DROP INDEX "dispatches_rc_idx";--> statement-breakpoint
DROP INDEX "rate_confirmations_client_idx";--> statement-breakpoint
DROP INDEX "trip_logs_pevo_date_idx";--> statement-breakpoint
DROP INDEX "trip_logs_dispatch_idx";--> statement-breakpoint
DROP INDEX "activity_company_created_idx";--> statement-breakpoint
DROP INDEX "dispatches_company_created_idx";--> statement-breakpoint
DROP INDEX "dispatches_company_pickup_idx";--> statement-breakpoint
CREATE INDEX "activity_company_pevo_created_idx" ON "activity_events" USING btree ("company_id","pevo_id","created_at");--> statement-breakpoint
CREATE INDEX "clients_name_trgm_idx" ON "clients" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_email_trgm_idx" ON "clients" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_phone_trgm_idx" ON "clients" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "dispatches_company_status_pickup_idx" ON "dispatches" USING btree ("company_id","status","pickup_date");--> statement-breakpoint
CREATE INDEX "dispatches_company_pevo_pickup_idx" ON "dispatches" USING btree ("company_id","pevo_id","pickup_date");--> statement-breakpoint
CREATE INDEX "dispatches_company_rc_idx" ON "dispatches" USING btree ("company_id","rate_confirmation_id");--> statement-breakpoint
CREATE INDEX "dispatches_driver_name_trgm_idx" ON "dispatches" USING gin ("driver_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoices_company_issue_idx" ON "invoices" USING btree ("company_id","issue_date","id");--> statement-breakpoint
CREATE INDEX "invoices_company_due_idx" ON "invoices" USING btree ("company_id","due_date");--> statement-breakpoint
CREATE INDEX "invoices_company_status_due_idx" ON "invoices" USING btree ("company_id","status","due_date");--> statement-breakpoint
CREATE INDEX "invoices_company_client_idx" ON "invoices" USING btree ("company_id","client_id");--> statement-breakpoint
CREATE INDEX "invoices_number_trgm_idx" ON "invoices" USING gin ("invoice_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pevos_first_name_trgm_idx" ON "pevos" USING gin ("first_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pevos_last_name_trgm_idx" ON "pevos" USING gin ("last_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pevos_email_trgm_idx" ON "pevos" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pevos_phone_trgm_idx" ON "pevos" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "rate_confirmations_company_start_idx" ON "rate_confirmations" USING btree ("company_id","start_date","id");--> statement-breakpoint
CREATE INDEX "rate_confirmations_company_last_day_idx" ON "rate_confirmations" USING btree ("company_id",greatest("start_date", "end_date"));--> statement-breakpoint
CREATE INDEX "rate_confirmations_company_client_idx" ON "rate_confirmations" USING btree ("company_id","client_id");--> statement-breakpoint
CREATE INDEX "rate_confirmations_company_signature_idx" ON "rate_confirmations" USING btree ("company_id","signature_status");--> statement-breakpoint
CREATE INDEX "rate_confirmations_job_number_trgm_idx" ON "rate_confirmations" USING gin ("job_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "rate_confirmations_origin_trgm_idx" ON "rate_confirmations" USING gin ("origin_address" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "rate_confirmations_destination_trgm_idx" ON "rate_confirmations" USING gin ("destination_address" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "trip_logs_company_pevo_date_idx" ON "trip_logs" USING btree ("company_id","pevo_id","trip_date");--> statement-breakpoint
CREATE INDEX "trip_logs_company_dispatch_idx" ON "trip_logs" USING btree ("company_id","dispatch_id");--> statement-breakpoint
CREATE INDEX "activity_company_created_idx" ON "activity_events" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "dispatches_company_created_idx" ON "dispatches" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "dispatches_company_pickup_idx" ON "dispatches" USING btree ("company_id","pickup_date","pickup_time","id");