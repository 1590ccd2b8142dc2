DROP INDEX "settlement_jobs_company_pevo_idx";--> statement-breakpoint
CREATE INDEX "settlement_adjustments_company_pevo_idx" ON "settlement_adjustments" USING btree ("company_id","pevo_id","settlement_id");--> statement-breakpoint
CREATE INDEX "settlements_company_paid_idx" ON "settlements" USING btree ("company_id","paid_date") WHERE "settlements"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "settlement_jobs_company_pevo_idx" ON "settlement_jobs" USING btree ("company_id","pevo_id","settlement_id");