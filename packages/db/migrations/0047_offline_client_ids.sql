ALTER TABLE "trip_logs" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "dispatch_events" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "trip_logs" ADD CONSTRAINT "trip_logs_company_client_id_key" UNIQUE("company_id","client_id");--> statement-breakpoint
ALTER TABLE "dispatch_events" ADD CONSTRAINT "dispatch_events_company_client_id_key" UNIQUE("company_id","client_id");