-- Tenancy the database enforces (hand-edited after drizzle-kit generate):
-- 1. statuses become enums (defaults dropped around the type change);
-- 2. child tables get company_id, filled from their parent before NOT NULL;
-- 3. unique (company_id, id) on parents BEFORE the composite references that need them;
-- 4. every reference between tenant tables is (company_id, x_id) -> (company_id, id);
-- 5. length and amount CHECKs from packages/shared/src/limits.ts.
CREATE TYPE "public"."activity_status" AS ENUM('success', 'pending', 'error');
--> statement-breakpoint
CREATE TYPE "public"."dispatch_status" AS ENUM('pending', 'dispatched', 'completed', 'canceled');
--> statement-breakpoint
CREATE TYPE "public"."expense_type" AS ENUM('fuel', 'lodging', 'tolls', 'other');
--> statement-breakpoint
CREATE TYPE "public"."invoice_status" AS ENUM('draft', 'sent', 'paid', 'overdue');
--> statement-breakpoint
CREATE TYPE "public"."pevo_status" AS ENUM('active', 'inactive');
--> statement-breakpoint
CREATE TYPE "public"."position_type" AS ENUM('lead_car', 'chase_car', 'high_pole_car', 'steerman', 'route_survey', '3rd_car', 'custom');
--> statement-breakpoint
CREATE TYPE "public"."rate_unit" AS ENUM('hourly', 'daily', 'weekly', 'per_job', 'per_mile');
--> statement-breakpoint
CREATE TYPE "public"."signature_status" AS ENUM('not_sent', 'awaiting_signature', 'signed');
--> statement-breakpoint
ALTER TABLE "activity_events" DROP CONSTRAINT "activity_status_check";
--> statement-breakpoint
ALTER TABLE "rate_confirmation_custom_rates" DROP CONSTRAINT "custom_rates_unit_check";
--> statement-breakpoint
ALTER TABLE "dispatches" DROP CONSTRAINT "dispatches_status_check";
--> statement-breakpoint
ALTER TABLE "invoice_line_items" DROP CONSTRAINT "line_items_amounts_check";
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_status_check";
--> statement-breakpoint
ALTER TABLE "pevos" DROP CONSTRAINT "pevos_status_check";
--> statement-breakpoint
ALTER TABLE "rate_confirmation_positions" DROP CONSTRAINT "positions_type_check";
--> statement-breakpoint
ALTER TABLE "rate_confirmations" DROP CONSTRAINT "rate_confirmations_signature_status_check";
--> statement-breakpoint
ALTER TABLE "trip_log_expenses" DROP CONSTRAINT "trip_expenses_type_check";
--> statement-breakpoint
ALTER TABLE "trip_log_expenses" DROP CONSTRAINT "trip_expenses_amount_check";
--> statement-breakpoint
ALTER TABLE "trip_logs" DROP CONSTRAINT "trip_logs_amounts_check";
--> statement-breakpoint
ALTER TABLE "activity_events" DROP CONSTRAINT "activity_events_actor_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "activity_events" DROP CONSTRAINT "activity_events_pevo_id_pevos_id_fk";
--> statement-breakpoint
ALTER TABLE "clients" DROP CONSTRAINT "clients_created_by_user_id_fk";
--> statement-breakpoint
ALTER TABLE "rate_confirmation_custom_rates" DROP CONSTRAINT "rate_confirmation_custom_rates_rate_confirmation_id_rate_confirmations_id_fk";
--> statement-breakpoint
ALTER TABLE "dispatches" DROP CONSTRAINT "dispatches_created_by_user_id_fk";
--> statement-breakpoint
ALTER TABLE "dispatches" DROP CONSTRAINT "dispatches_rate_confirmation_id_rate_confirmations_id_fk";
--> statement-breakpoint
ALTER TABLE "dispatches" DROP CONSTRAINT "dispatches_pevo_id_pevos_id_fk";
--> statement-breakpoint
ALTER TABLE "invoice_line_items" DROP CONSTRAINT "invoice_line_items_invoice_id_invoices_id_fk";
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_created_by_user_id_fk";
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_dispatch_id_dispatches_id_fk";
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_client_id_clients_id_fk";
--> statement-breakpoint
ALTER TABLE "pevos" DROP CONSTRAINT "pevos_created_by_user_id_fk";
--> statement-breakpoint
ALTER TABLE "pevos" DROP CONSTRAINT "pevos_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "rate_confirmation_positions" DROP CONSTRAINT "rate_confirmation_positions_rate_confirmation_id_rate_confirmations_id_fk";
--> statement-breakpoint
ALTER TABLE "rate_confirmation_positions" DROP CONSTRAINT "rate_confirmation_positions_pevo_id_pevos_id_fk";
--> statement-breakpoint
ALTER TABLE "rate_confirmations" DROP CONSTRAINT "rate_confirmations_created_by_user_id_fk";
--> statement-breakpoint
ALTER TABLE "rate_confirmations" DROP CONSTRAINT "rate_confirmations_client_id_clients_id_fk";
--> statement-breakpoint
ALTER TABLE "rate_confirmation_standard_rates" DROP CONSTRAINT "rate_confirmation_standard_rates_rate_confirmation_id_rate_confirmations_id_fk";
--> statement-breakpoint
ALTER TABLE "trip_log_expenses" DROP CONSTRAINT "trip_log_expenses_trip_log_id_trip_logs_id_fk";
--> statement-breakpoint
ALTER TABLE "trip_logs" DROP CONSTRAINT "trip_logs_pevo_id_pevos_id_fk";
--> statement-breakpoint
ALTER TABLE "trip_logs" DROP CONSTRAINT "trip_logs_dispatch_id_dispatches_id_fk";
--> statement-breakpoint
ALTER TABLE "activity_events" ALTER COLUMN "status" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "activity_events" ALTER COLUMN "status" SET DATA TYPE "public"."activity_status" USING "status"::"public"."activity_status";
--> statement-breakpoint
ALTER TABLE "activity_events" ALTER COLUMN "status" SET DEFAULT 'success'::"public"."activity_status";
--> statement-breakpoint
ALTER TABLE "rate_confirmation_custom_rates" ALTER COLUMN "unit" SET DATA TYPE "public"."rate_unit" USING "unit"::"public"."rate_unit";
--> statement-breakpoint
ALTER TABLE "dispatches" ALTER COLUMN "status" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "dispatches" ALTER COLUMN "status" SET DATA TYPE "public"."dispatch_status" USING "status"::"public"."dispatch_status";
--> statement-breakpoint
ALTER TABLE "dispatches" ALTER COLUMN "status" SET DEFAULT 'pending'::"public"."dispatch_status";
--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "status" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "status" SET DATA TYPE "public"."invoice_status" USING "status"::"public"."invoice_status";
--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "status" SET DEFAULT 'draft'::"public"."invoice_status";
--> statement-breakpoint
ALTER TABLE "pevos" ALTER COLUMN "status" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "pevos" ALTER COLUMN "status" SET DATA TYPE "public"."pevo_status" USING "status"::"public"."pevo_status";
--> statement-breakpoint
ALTER TABLE "pevos" ALTER COLUMN "status" SET DEFAULT 'active'::"public"."pevo_status";
--> statement-breakpoint
ALTER TABLE "rate_confirmation_positions" ALTER COLUMN "position_type" SET DATA TYPE "public"."position_type" USING "position_type"::"public"."position_type";
--> statement-breakpoint
ALTER TABLE "rate_confirmations" ALTER COLUMN "signature_status" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "rate_confirmations" ALTER COLUMN "signature_status" SET DATA TYPE "public"."signature_status" USING "signature_status"::"public"."signature_status";
--> statement-breakpoint
ALTER TABLE "rate_confirmations" ALTER COLUMN "signature_status" SET DEFAULT 'not_sent'::"public"."signature_status";
--> statement-breakpoint
ALTER TABLE "trip_log_expenses" ALTER COLUMN "type" SET DATA TYPE "public"."expense_type" USING "type"::"public"."expense_type";
--> statement-breakpoint
ALTER TABLE "rate_confirmation_custom_rates" ADD COLUMN "company_id" uuid;
--> statement-breakpoint
UPDATE "rate_confirmation_custom_rates" SET "company_id" = "rate_confirmations"."company_id" FROM "rate_confirmations" WHERE "rate_confirmations"."id" = "rate_confirmation_custom_rates"."rate_confirmation_id";
--> statement-breakpoint
ALTER TABLE "rate_confirmation_custom_rates" ALTER COLUMN "company_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD COLUMN "company_id" uuid;
--> statement-breakpoint
UPDATE "invoice_line_items" SET "company_id" = "invoices"."company_id" FROM "invoices" WHERE "invoices"."id" = "invoice_line_items"."invoice_id";
--> statement-breakpoint
ALTER TABLE "invoice_line_items" ALTER COLUMN "company_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "rate_confirmation_positions" ADD COLUMN "company_id" uuid;
--> statement-breakpoint
UPDATE "rate_confirmation_positions" SET "company_id" = "rate_confirmations"."company_id" FROM "rate_confirmations" WHERE "rate_confirmations"."id" = "rate_confirmation_positions"."rate_confirmation_id";
--> statement-breakpoint
ALTER TABLE "rate_confirmation_positions" ALTER COLUMN "company_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "rate_confirmation_standard_rates" ADD COLUMN "company_id" uuid;
--> statement-breakpoint
UPDATE "rate_confirmation_standard_rates" SET "company_id" = "rate_confirmations"."company_id" FROM "rate_confirmations" WHERE "rate_confirmations"."id" = "rate_confirmation_standard_rates"."rate_confirmation_id";
--> statement-breakpoint
ALTER TABLE "rate_confirmation_standard_rates" ALTER COLUMN "company_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "trip_log_expenses" ADD COLUMN "company_id" uuid;
--> statement-breakpoint
UPDATE "trip_log_expenses" SET "company_id" = "trip_logs"."company_id" FROM "trip_logs" WHERE "trip_logs"."id" = "trip_log_expenses"."trip_log_id";
--> statement-breakpoint
ALTER TABLE "trip_log_expenses" ALTER COLUMN "company_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_company_id_id_key" UNIQUE("company_id","id");
--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_company_id_id_key" UNIQUE("company_id","id");
--> statement-breakpoint
ALTER TABLE "dispatches" ADD CONSTRAINT "dispatches_company_id_id_key" UNIQUE("company_id","id");
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_id_key" UNIQUE("company_id","id");
--> statement-breakpoint
ALTER TABLE "pevos" ADD CONSTRAINT "pevos_company_id_id_key" UNIQUE("company_id","id");
--> statement-breakpoint
ALTER TABLE "rate_confirmations" ADD CONSTRAINT "rate_confirmations_company_id_id_key" UNIQUE("company_id","id");
--> statement-breakpoint
ALTER TABLE "trip_logs" ADD CONSTRAINT "trip_logs_company_id_id_key" UNIQUE("company_id","id");
--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_actor_fk" FOREIGN KEY ("company_id","actor_id") REFERENCES "public"."user"("company_id","id") ON DELETE set null (actor_id) ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_pevo_fk" FOREIGN KEY ("company_id","pevo_id") REFERENCES "public"."pevos"("company_id","id") ON DELETE set null (pevo_id) ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_created_by_fk" FOREIGN KEY ("company_id","created_by") REFERENCES "public"."user"("company_id","id") ON DELETE set null (created_by) ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "rate_confirmation_custom_rates" ADD CONSTRAINT "rate_confirmation_custom_rates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "rate_confirmation_custom_rates" ADD CONSTRAINT "custom_rates_rc_fk" FOREIGN KEY ("company_id","rate_confirmation_id") REFERENCES "public"."rate_confirmations"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "dispatches" ADD CONSTRAINT "dispatches_created_by_fk" FOREIGN KEY ("company_id","created_by") REFERENCES "public"."user"("company_id","id") ON DELETE set null (created_by) ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "dispatches" ADD CONSTRAINT "dispatches_rc_fk" FOREIGN KEY ("company_id","rate_confirmation_id") REFERENCES "public"."rate_confirmations"("company_id","id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "dispatches" ADD CONSTRAINT "dispatches_pevo_fk" FOREIGN KEY ("company_id","pevo_id") REFERENCES "public"."pevos"("company_id","id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD CONSTRAINT "invoice_line_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD CONSTRAINT "line_items_invoice_fk" FOREIGN KEY ("company_id","invoice_id") REFERENCES "public"."invoices"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_fk" FOREIGN KEY ("company_id","created_by") REFERENCES "public"."user"("company_id","id") ON DELETE set null (created_by) ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_dispatch_fk" FOREIGN KEY ("company_id","dispatch_id") REFERENCES "public"."dispatches"("company_id","id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_client_fk" FOREIGN KEY ("company_id","client_id") REFERENCES "public"."clients"("company_id","id") ON DELETE set null (client_id) ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "pevos" ADD CONSTRAINT "pevos_created_by_fk" FOREIGN KEY ("company_id","created_by") REFERENCES "public"."user"("company_id","id") ON DELETE set null (created_by) ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "pevos" ADD CONSTRAINT "pevos_user_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."user"("company_id","id") ON DELETE set null (user_id) ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "rate_confirmation_positions" ADD CONSTRAINT "rate_confirmation_positions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "rate_confirmation_positions" ADD CONSTRAINT "positions_rc_fk" FOREIGN KEY ("company_id","rate_confirmation_id") REFERENCES "public"."rate_confirmations"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "rate_confirmation_positions" ADD CONSTRAINT "positions_pevo_fk" FOREIGN KEY ("company_id","pevo_id") REFERENCES "public"."pevos"("company_id","id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "rate_confirmations" ADD CONSTRAINT "rate_confirmations_created_by_fk" FOREIGN KEY ("company_id","created_by") REFERENCES "public"."user"("company_id","id") ON DELETE set null (created_by) ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "rate_confirmations" ADD CONSTRAINT "rate_confirmations_client_fk" FOREIGN KEY ("company_id","client_id") REFERENCES "public"."clients"("company_id","id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "rate_confirmation_standard_rates" ADD CONSTRAINT "rate_confirmation_standard_rates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "rate_confirmation_standard_rates" ADD CONSTRAINT "standard_rates_rc_fk" FOREIGN KEY ("company_id","rate_confirmation_id") REFERENCES "public"."rate_confirmations"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "trip_log_expenses" ADD CONSTRAINT "trip_log_expenses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "trip_log_expenses" ADD CONSTRAINT "trip_expenses_trip_fk" FOREIGN KEY ("company_id","trip_log_id") REFERENCES "public"."trip_logs"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "trip_logs" ADD CONSTRAINT "trip_logs_pevo_fk" FOREIGN KEY ("company_id","pevo_id") REFERENCES "public"."pevos"("company_id","id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "trip_logs" ADD CONSTRAINT "trip_logs_dispatch_fk" FOREIGN KEY ("company_id","dispatch_id") REFERENCES "public"."dispatches"("company_id","id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_company_name_length" CHECK (char_length("profiles"."company_name") <= 100);
--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_contact_person_length" CHECK (char_length("profiles"."contact_person") <= 100);
--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_first_name_length" CHECK (char_length("profiles"."first_name") <= 100);
--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_last_name_length" CHECK (char_length("profiles"."last_name") <= 100);
--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_name_length" CHECK (char_length("user"."name") <= 100);
--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_email_length" CHECK (char_length("user"."email") <= 254);
--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_type_length" CHECK (char_length("activity_events"."type") <= 500);
--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_message_length" CHECK (char_length("activity_events"."message") <= 500);
--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_client_length" CHECK (char_length("activity_events"."client") <= 500);
--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_job_length" CHECK (char_length("activity_events"."job") <= 500);
--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_pevo_length" CHECK (char_length("activity_events"."pevo") <= 500);
--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_amount_range" CHECK ("activity_events"."amount" >= 0);
--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_name_length" CHECK (char_length("clients"."name") <= 100);
--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_contact_person_length" CHECK (char_length("clients"."contact_person") <= 100);
--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_mc_number_length" CHECK (char_length("clients"."mc_number") <= 50);
--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_dot_number_length" CHECK (char_length("clients"."dot_number") <= 50);
--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_email_length" CHECK (char_length("clients"."email") <= 254);
--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_phone_length" CHECK (char_length("clients"."phone") <= 30);
--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_cell_phone_length" CHECK (char_length("clients"."cell_phone") <= 30);
--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_fax_length" CHECK (char_length("clients"."fax") <= 30);
--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_address_length" CHECK (char_length("clients"."address") <= 300);
--> statement-breakpoint
ALTER TABLE "rate_confirmation_custom_rates" ADD CONSTRAINT "custom_rates_name_length" CHECK (char_length("rate_confirmation_custom_rates"."name") <= 100);
--> statement-breakpoint
ALTER TABLE "rate_confirmation_custom_rates" ADD CONSTRAINT "custom_rates_amount_range" CHECK ("rate_confirmation_custom_rates"."amount" between 0 and 1000000);
--> statement-breakpoint
ALTER TABLE "dispatches" ADD CONSTRAINT "dispatches_driver_name_length" CHECK (char_length("dispatches"."driver_name") <= 100);
--> statement-breakpoint
ALTER TABLE "dispatches" ADD CONSTRAINT "dispatches_driver_phone_length" CHECK (char_length("dispatches"."driver_phone") <= 30);
--> statement-breakpoint
ALTER TABLE "dispatches" ADD CONSTRAINT "dispatches_driver_company_length" CHECK (char_length("dispatches"."driver_company") <= 100);
--> statement-breakpoint
ALTER TABLE "dispatches" ADD CONSTRAINT "dispatches_notes_length" CHECK (char_length("dispatches"."notes") <= 5000);
--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD CONSTRAINT "line_items_location_length" CHECK (char_length("invoice_line_items"."location") <= 300);
--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD CONSTRAINT "line_items_mileage_range" CHECK ("invoice_line_items"."mileage" between 0 and 2000);
--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD CONSTRAINT "line_items_charge_range" CHECK ("invoice_line_items"."charge" between 0 and 1000000);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_invoice_number_length" CHECK (char_length("invoices"."invoice_number") <= 50);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_notes_length" CHECK (char_length("invoices"."notes") <= 5000);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_name_length" CHECK (char_length("invoices"."customer_name") <= 500);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_address_length" CHECK (char_length("invoices"."customer_address") <= 500);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_pevo_name_length" CHECK (char_length("invoices"."pevo_name") <= 500);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_pevo_position_length" CHECK (char_length("invoices"."pevo_position") <= 500);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_subtotal_range" CHECK ("invoices"."subtotal" >= 0);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_tax_range" CHECK ("invoices"."tax" >= 0);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_total_range" CHECK ("invoices"."total" >= 0);
--> statement-breakpoint
ALTER TABLE "pevos" ADD CONSTRAINT "pevos_first_name_length" CHECK (char_length("pevos"."first_name") <= 100);
--> statement-breakpoint
ALTER TABLE "pevos" ADD CONSTRAINT "pevos_last_name_length" CHECK (char_length("pevos"."last_name") <= 100);
--> statement-breakpoint
ALTER TABLE "pevos" ADD CONSTRAINT "pevos_email_length" CHECK (char_length("pevos"."email") <= 254);
--> statement-breakpoint
ALTER TABLE "pevos" ADD CONSTRAINT "pevos_phone_length" CHECK (char_length("pevos"."phone") <= 30);
--> statement-breakpoint
ALTER TABLE "pevos" ADD CONSTRAINT "pevos_license_number_length" CHECK (char_length("pevos"."license_number") <= 50);
--> statement-breakpoint
ALTER TABLE "rate_confirmation_positions" ADD CONSTRAINT "positions_custom_name_length" CHECK (char_length("rate_confirmation_positions"."custom_name") <= 100);
--> statement-breakpoint
ALTER TABLE "rate_confirmations" ADD CONSTRAINT "rate_confirmations_job_number_length" CHECK (char_length("rate_confirmations"."job_number") <= 50);
--> statement-breakpoint
ALTER TABLE "rate_confirmations" ADD CONSTRAINT "rate_confirmations_origin_address_length" CHECK (char_length("rate_confirmations"."origin_address") <= 300);
--> statement-breakpoint
ALTER TABLE "rate_confirmations" ADD CONSTRAINT "rate_confirmations_destination_address_length" CHECK (char_length("rate_confirmations"."destination_address") <= 300);
--> statement-breakpoint
ALTER TABLE "rate_confirmations" ADD CONSTRAINT "rate_confirmations_description_length" CHECK (char_length("rate_confirmations"."description") <= 5000);
--> statement-breakpoint
ALTER TABLE "rate_confirmations" ADD CONSTRAINT "rate_confirmations_additional_terms_length" CHECK (char_length("rate_confirmations"."additional_terms") <= 5000);
--> statement-breakpoint
ALTER TABLE "rate_confirmations" ADD CONSTRAINT "rate_confirmations_signer_name_length" CHECK (char_length("rate_confirmations"."signer_name") <= 100);
--> statement-breakpoint
ALTER TABLE "rate_confirmation_standard_rates" ADD CONSTRAINT "standard_rates_minimum_daily_rate_range" CHECK ("rate_confirmation_standard_rates"."minimum_daily_rate" between 0 and 1000000);
--> statement-breakpoint
ALTER TABLE "rate_confirmation_standard_rates" ADD CONSTRAINT "standard_rates_mileage_rate_range" CHECK ("rate_confirmation_standard_rates"."mileage_rate" between 0 and 1000000);
--> statement-breakpoint
ALTER TABLE "rate_confirmation_standard_rates" ADD CONSTRAINT "standard_rates_overnight_rate_range" CHECK ("rate_confirmation_standard_rates"."overnight_rate" between 0 and 1000000);
--> statement-breakpoint
ALTER TABLE "rate_confirmation_standard_rates" ADD CONSTRAINT "standard_rates_no_go_rate_range" CHECK ("rate_confirmation_standard_rates"."no_go_rate" between 0 and 1000000);
--> statement-breakpoint
ALTER TABLE "rate_confirmation_standard_rates" ADD CONSTRAINT "standard_rates_detention_rate_range" CHECK ("rate_confirmation_standard_rates"."detention_rate" between 0 and 1000000);
--> statement-breakpoint
ALTER TABLE "trip_log_expenses" ADD CONSTRAINT "trip_expenses_amount_range" CHECK ("trip_log_expenses"."amount" between 0 and 1000000);
--> statement-breakpoint
ALTER TABLE "trip_logs" ADD CONSTRAINT "trip_logs_start_location_length" CHECK (char_length("trip_logs"."start_location") <= 300);
--> statement-breakpoint
ALTER TABLE "trip_logs" ADD CONSTRAINT "trip_logs_end_location_length" CHECK (char_length("trip_logs"."end_location") <= 300);
--> statement-breakpoint
ALTER TABLE "trip_logs" ADD CONSTRAINT "trip_logs_notes_length" CHECK (char_length("trip_logs"."notes") <= 5000);
--> statement-breakpoint
ALTER TABLE "trip_logs" ADD CONSTRAINT "trip_logs_miles_range" CHECK ("trip_logs"."miles" between 0 and 2000);
--> statement-breakpoint
ALTER TABLE "trip_logs" ADD CONSTRAINT "trip_logs_hours_range" CHECK ("trip_logs"."hours" between 0 and 24);
--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_name_length" CHECK (char_length("companies"."name") <= 100);
--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_contact_person_length" CHECK (char_length("companies"."contact_person") <= 100);
--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_address_length" CHECK (char_length("companies"."address") <= 300);
--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_phone_length" CHECK (char_length("companies"."phone") <= 30);
--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_email_length" CHECK (char_length("companies"."email") <= 254);
--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_mc_number_length" CHECK (char_length("companies"."mc_number") <= 50);
--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_dot_number_length" CHECK (char_length("companies"."dot_number") <= 50);
--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_invoice_footer_length" CHECK (char_length("companies"."invoice_footer") <= 5000);
