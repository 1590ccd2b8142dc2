CREATE TABLE "public_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"purpose" "public_link_purpose" NOT NULL,
	"token_hash" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "public_links_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "public_links_company_id_id_key" UNIQUE("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "signature_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"rate_confirmation_id" uuid NOT NULL,
	"status" "signature_request_status" DEFAULT 'awaiting_signature' NOT NULL,
	"signer_name" text NOT NULL,
	"signer_email" text NOT NULL,
	"content" text NOT NULL,
	"content_hash" text NOT NULL,
	"sent_by" text,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"viewed_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"consent_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"signed_name" text,
	"drawn_signature" text,
	"declined_at" timestamp with time zone,
	"decline_reason" text,
	"closed_at" timestamp with time zone,
	"ip" text,
	"user_agent" text,
	CONSTRAINT "signature_requests_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "signature_requests_signer_name_length" CHECK (char_length("signature_requests"."signer_name") <= 100),
	CONSTRAINT "signature_requests_signer_email_length" CHECK (char_length("signature_requests"."signer_email") <= 254),
	CONSTRAINT "signature_requests_signed_name_length" CHECK (char_length("signature_requests"."signed_name") <= 100),
	CONSTRAINT "signature_requests_decline_reason_length" CHECK (char_length("signature_requests"."decline_reason") <= 1000),
	CONSTRAINT "signature_requests_drawn_signature_length" CHECK (char_length("signature_requests"."drawn_signature") <= 200000),
	CONSTRAINT "signature_requests_ip_length" CHECK (char_length("signature_requests"."ip") <= 64),
	CONSTRAINT "signature_requests_user_agent_length" CHECK (char_length("signature_requests"."user_agent") <= 500)
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "rate_confirmations" ADD COLUMN "signature_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_rc_fk" FOREIGN KEY ("company_id","rate_confirmation_id") REFERENCES "public"."rate_confirmations"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_sent_by_fk" FOREIGN KEY ("company_id","sent_by") REFERENCES "public"."user"("company_id","id") ON DELETE set null (sent_by) ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "public_links_subject_idx" ON "public_links" USING btree ("company_id","purpose","subject_id");--> statement-breakpoint
CREATE INDEX "signature_requests_rc_idx" ON "signature_requests" USING btree ("company_id","rate_confirmation_id","sent_at");