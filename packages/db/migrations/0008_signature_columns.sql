CREATE TYPE "public"."public_link_purpose" AS ENUM('rc_signature', 'invoice_view', 'dispatch_response');--> statement-breakpoint
CREATE TYPE "public"."signature_request_status" AS ENUM('awaiting_signature', 'viewed', 'signed', 'declined', 'voided', 'canceled');--> statement-breakpoint
ALTER TYPE "public"."signature_status" ADD VALUE 'viewed' BEFORE 'signed';--> statement-breakpoint
ALTER TYPE "public"."signature_status" ADD VALUE 'declined';--> statement-breakpoint
ALTER TABLE "rate_confirmations" DROP CONSTRAINT "rate_confirmations_signature_token_unique";--> statement-breakpoint
ALTER TABLE "rate_confirmations" DROP CONSTRAINT "rate_confirmations_signer_name_length";--> statement-breakpoint
ALTER TABLE "rate_confirmations" DROP COLUMN "signature_token";--> statement-breakpoint
ALTER TABLE "rate_confirmations" DROP COLUMN "sent_at";--> statement-breakpoint
ALTER TABLE "rate_confirmations" DROP COLUMN "signed_at";--> statement-breakpoint
ALTER TABLE "rate_confirmations" DROP COLUMN "signer_name";--> statement-breakpoint
ALTER TABLE "rate_confirmations" DROP COLUMN "signer_ip";--> statement-breakpoint
ALTER TABLE "rate_confirmations" DROP COLUMN "signed_hash";