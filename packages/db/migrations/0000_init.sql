CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"company_name" text NOT NULL,
	"contact_person" text NOT NULL,
	"first_name" text,
	"last_name" text,
	CONSTRAINT "profiles_role_check" CHECK ("profiles"."role" in ('admin', 'pevo'))
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	"impersonated_by" text,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"role" text DEFAULT 'admin' NOT NULL,
	"banned" boolean DEFAULT false,
	"ban_reason" text,
	"ban_expires" timestamp with time zone,
	"company_id" uuid NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email"),
	CONSTRAINT "user_role_check" CHECK ("user"."role" in ('admin', 'pevo'))
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"email_notifications" boolean DEFAULT true NOT NULL,
	"dispatch_alerts" boolean DEFAULT true NOT NULL,
	"pickup_reminders" boolean DEFAULT true NOT NULL,
	"dark_mode" boolean DEFAULT true NOT NULL,
	"location_services" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"actor_id" text,
	"type" text NOT NULL,
	"status" text DEFAULT 'success' NOT NULL,
	"client" text,
	"job" text,
	"pevo" text,
	"pevo_id" uuid,
	"amount" numeric(12, 2),
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_status_check" CHECK ("activity_events"."status" in ('success', 'pending', 'error'))
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"created_by" text,
	"name" text NOT NULL,
	"contact_person" text,
	"mc_number" text,
	"dot_number" text,
	"email" text,
	"phone" text,
	"cell_phone" text,
	"fax" text,
	"address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_confirmation_custom_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rate_confirmation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"unit" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "custom_rates_unit_check" CHECK ("rate_confirmation_custom_rates"."unit" in ('hourly', 'daily', 'weekly', 'per_job', 'per_mile'))
);
--> statement-breakpoint
CREATE TABLE "dispatches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"created_by" text,
	"rate_confirmation_id" uuid,
	"pevo_id" uuid,
	"driver_name" text NOT NULL,
	"driver_phone" text NOT NULL,
	"driver_company" text,
	"pickup_date" date NOT NULL,
	"pickup_time" text NOT NULL,
	"notes" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dispatches_status_check" CHECK ("dispatches"."status" in ('pending', 'dispatched', 'completed', 'canceled'))
);
--> statement-breakpoint
CREATE TABLE "invoice_line_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"date" date NOT NULL,
	"location" text NOT NULL,
	"mileage" numeric(12, 2) DEFAULT '0' NOT NULL,
	"charge" numeric(12, 2) DEFAULT '0' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "line_items_amounts_check" CHECK ("invoice_line_items"."mileage" >= 0 and "invoice_line_items"."charge" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"created_by" text,
	"dispatch_id" uuid NOT NULL,
	"client_id" uuid,
	"invoice_number" text NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"subtotal" numeric(12, 2) DEFAULT '0' NOT NULL,
	"tax" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total" numeric(12, 2) DEFAULT '0' NOT NULL,
	"notes" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"customer_name" text,
	"customer_address" text,
	"pevo_name" text,
	"pevo_position" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_company_number_key" UNIQUE("company_id","invoice_number"),
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('draft', 'sent', 'paid', 'overdue'))
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pevos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"created_by" text,
	"user_id" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"phone" text,
	"license_number" text,
	"certification_expiry" date,
	"states" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pevos_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "pevos_status_check" CHECK ("pevos"."status" in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "rate_confirmation_positions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rate_confirmation_id" uuid NOT NULL,
	"position_type" text NOT NULL,
	"custom_name" text,
	"pevo_id" uuid,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "positions_type_check" CHECK ("rate_confirmation_positions"."position_type" in ('lead_car', 'chase_car', 'high_pole_car', 'steerman', 'route_survey', '3rd_car', 'custom'))
);
--> statement-breakpoint
CREATE TABLE "rate_confirmations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"created_by" text,
	"client_id" uuid NOT NULL,
	"job_number" text NOT NULL,
	"origin_address" text NOT NULL,
	"destination_address" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"description" text NOT NULL,
	"additional_terms" text,
	"signature_status" text DEFAULT 'not_sent' NOT NULL,
	"signature_token" text,
	"sent_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"signer_name" text,
	"signer_ip" text,
	"signed_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rate_confirmations_signature_token_unique" UNIQUE("signature_token"),
	CONSTRAINT "rate_confirmations_company_job_number_key" UNIQUE("company_id","job_number"),
	CONSTRAINT "rate_confirmations_signature_status_check" CHECK ("rate_confirmations"."signature_status" in ('not_sent', 'awaiting_signature', 'signed'))
);
--> statement-breakpoint
CREATE TABLE "rate_confirmation_standard_rates" (
	"rate_confirmation_id" uuid PRIMARY KEY NOT NULL,
	"minimum_daily_rate" numeric(12, 2) NOT NULL,
	"mileage_rate" numeric(12, 2) NOT NULL,
	"overnight_rate" numeric(12, 2) NOT NULL,
	"no_go_rate" numeric(12, 2) NOT NULL,
	"detention_rate" numeric(12, 2) NOT NULL,
	"detention_threshold" integer DEFAULT 2 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trip_log_expenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trip_log_id" uuid NOT NULL,
	"type" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	CONSTRAINT "trip_expenses_type_check" CHECK ("trip_log_expenses"."type" in ('fuel', 'lodging', 'tolls', 'other')),
	CONSTRAINT "trip_expenses_amount_check" CHECK ("trip_log_expenses"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "trip_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"pevo_id" uuid NOT NULL,
	"dispatch_id" uuid,
	"trip_date" date NOT NULL,
	"start_location" text NOT NULL,
	"end_location" text NOT NULL,
	"miles" numeric(12, 2) DEFAULT '0' NOT NULL,
	"hours" numeric(6, 2) DEFAULT '0' NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_logs_amounts_check" CHECK ("trip_logs"."miles" >= 0 and "trip_logs"."hours" >= 0)
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"contact_person" text,
	"address" text,
	"phone" text,
	"email" text,
	"mc_number" text,
	"dot_number" text,
	"payment_terms_days" integer DEFAULT 30 NOT NULL,
	"tax_rate" numeric(5, 2) DEFAULT '0' NOT NULL,
	"invoice_footer" text,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_id_user_id_fk" FOREIGN KEY ("id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_pevo_id_pevos_id_fk" FOREIGN KEY ("pevo_id") REFERENCES "public"."pevos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_confirmation_custom_rates" ADD CONSTRAINT "rate_confirmation_custom_rates_rate_confirmation_id_rate_confirmations_id_fk" FOREIGN KEY ("rate_confirmation_id") REFERENCES "public"."rate_confirmations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatches" ADD CONSTRAINT "dispatches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatches" ADD CONSTRAINT "dispatches_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatches" ADD CONSTRAINT "dispatches_rate_confirmation_id_rate_confirmations_id_fk" FOREIGN KEY ("rate_confirmation_id") REFERENCES "public"."rate_confirmations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatches" ADD CONSTRAINT "dispatches_pevo_id_pevos_id_fk" FOREIGN KEY ("pevo_id") REFERENCES "public"."pevos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD CONSTRAINT "invoice_line_items_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_dispatch_id_dispatches_id_fk" FOREIGN KEY ("dispatch_id") REFERENCES "public"."dispatches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pevos" ADD CONSTRAINT "pevos_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pevos" ADD CONSTRAINT "pevos_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pevos" ADD CONSTRAINT "pevos_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_confirmation_positions" ADD CONSTRAINT "rate_confirmation_positions_rate_confirmation_id_rate_confirmations_id_fk" FOREIGN KEY ("rate_confirmation_id") REFERENCES "public"."rate_confirmations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_confirmation_positions" ADD CONSTRAINT "rate_confirmation_positions_pevo_id_pevos_id_fk" FOREIGN KEY ("pevo_id") REFERENCES "public"."pevos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_confirmations" ADD CONSTRAINT "rate_confirmations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_confirmations" ADD CONSTRAINT "rate_confirmations_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_confirmations" ADD CONSTRAINT "rate_confirmations_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_confirmation_standard_rates" ADD CONSTRAINT "rate_confirmation_standard_rates_rate_confirmation_id_rate_confirmations_id_fk" FOREIGN KEY ("rate_confirmation_id") REFERENCES "public"."rate_confirmations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_log_expenses" ADD CONSTRAINT "trip_log_expenses_trip_log_id_trip_logs_id_fk" FOREIGN KEY ("trip_log_id") REFERENCES "public"."trip_logs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_logs" ADD CONSTRAINT "trip_logs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_logs" ADD CONSTRAINT "trip_logs_pevo_id_pevos_id_fk" FOREIGN KEY ("pevo_id") REFERENCES "public"."pevos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_logs" ADD CONSTRAINT "trip_logs_dispatch_id_dispatches_id_fk" FOREIGN KEY ("dispatch_id") REFERENCES "public"."dispatches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "session_user_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_company_idx" ON "user" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "activity_company_created_idx" ON "activity_events" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "clients_company_name_idx" ON "clients" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "custom_rates_rc_idx" ON "rate_confirmation_custom_rates" USING btree ("rate_confirmation_id");--> statement-breakpoint
CREATE INDEX "dispatches_company_created_idx" ON "dispatches" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "dispatches_company_pickup_idx" ON "dispatches" USING btree ("company_id","pickup_date");--> statement-breakpoint
CREATE INDEX "dispatches_pevo_pickup_idx" ON "dispatches" USING btree ("pevo_id","pickup_date");--> statement-breakpoint
CREATE INDEX "dispatches_rc_idx" ON "dispatches" USING btree ("rate_confirmation_id");--> statement-breakpoint
CREATE INDEX "line_items_invoice_idx" ON "invoice_line_items" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_company_created_idx" ON "invoices" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_dispatch_idx" ON "invoices" USING btree ("dispatch_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_to_idx" ON "mail_outbox" USING btree ("to","created_at");--> statement-breakpoint
CREATE INDEX "pevos_company_created_idx" ON "pevos" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "pevos_company_last_name_idx" ON "pevos" USING btree ("company_id","last_name");--> statement-breakpoint
CREATE INDEX "positions_rc_idx" ON "rate_confirmation_positions" USING btree ("rate_confirmation_id");--> statement-breakpoint
CREATE INDEX "positions_pevo_idx" ON "rate_confirmation_positions" USING btree ("pevo_id");--> statement-breakpoint
CREATE INDEX "rate_confirmations_company_created_idx" ON "rate_confirmations" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "rate_confirmations_client_idx" ON "rate_confirmations" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "trip_expenses_trip_idx" ON "trip_log_expenses" USING btree ("trip_log_id");--> statement-breakpoint
CREATE INDEX "trip_logs_pevo_date_idx" ON "trip_logs" USING btree ("pevo_id","trip_date");--> statement-breakpoint
CREATE INDEX "trip_logs_dispatch_idx" ON "trip_logs" USING btree ("dispatch_id");