CREATE TABLE "platform_signing_authorities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"serial_number" text NOT NULL,
	"certificate_pem" text NOT NULL,
	"encrypted_private_key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"source" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_signing_authorities_serial_number_unique" UNIQUE("serial_number"),
	CONSTRAINT "platform_signing_authorities_source_check" CHECK ("platform_signing_authorities"."source" in ('generated', 'pkcs12'))
);
--> statement-breakpoint
ALTER TABLE "digital_certificates" ADD COLUMN "encrypted_private_key" text NOT NULL;--> statement-breakpoint
ALTER TABLE "digital_certificates" ADD COLUMN "fingerprint" text NOT NULL;--> statement-breakpoint
ALTER TABLE "digital_certificates" ADD COLUMN "authority_id" uuid;--> statement-breakpoint
ALTER TABLE "digital_certificates" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enhanced_signature_requests" ADD COLUMN "seal_status" text;--> statement-breakpoint
ALTER TABLE "enhanced_signature_requests" ADD COLUMN "seal_error" text;--> statement-breakpoint
ALTER TABLE "enhanced_signature_requests" ADD COLUMN "sealed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enhanced_signature_requests" ADD COLUMN "sealed_file_id" uuid;--> statement-breakpoint
ALTER TABLE "enhanced_signature_requests" ADD COLUMN "final_document_hash" text;--> statement-breakpoint
ALTER TABLE "enhanced_signature_requests" ADD COLUMN "verification_id" text;--> statement-breakpoint
ALTER TABLE "enhanced_signature_requests" ADD COLUMN "seal_certificate_id" uuid;--> statement-breakpoint
ALTER TABLE "enhanced_signature_requests" ADD COLUMN "seal_level" text;--> statement-breakpoint
ALTER TABLE "enhanced_signature_requests" ADD COLUMN "timestamp_error" text;--> statement-breakpoint
ALTER TABLE "enhanced_signature_requests" ADD COLUMN "sealed_chain_hash" text;--> statement-breakpoint
ALTER TABLE "enhanced_signature_requests" ADD COLUMN "sealed_chain_sequence" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "platform_signing_authorities_one_active_idx" ON "platform_signing_authorities" USING btree ("is_active") WHERE "platform_signing_authorities"."is_active";--> statement-breakpoint
ALTER TABLE "digital_certificates" ADD CONSTRAINT "digital_certificates_authority_id_platform_signing_authorities_id_fk" FOREIGN KEY ("authority_id") REFERENCES "public"."platform_signing_authorities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enhanced_signature_requests" ADD CONSTRAINT "enhanced_signature_requests_seal_certificate_id_digital_certificates_id_fk" FOREIGN KEY ("seal_certificate_id") REFERENCES "public"."digital_certificates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "digital_certificates_org_one_active_idx" ON "digital_certificates" USING btree ("organization_id") WHERE "digital_certificates"."is_active";--> statement-breakpoint
ALTER TABLE "enhanced_signature_requests" ADD CONSTRAINT "enhanced_signature_requests_final_document_hash_unique" UNIQUE("final_document_hash");--> statement-breakpoint
ALTER TABLE "enhanced_signature_requests" ADD CONSTRAINT "enhanced_signature_requests_verification_id_unique" UNIQUE("verification_id");--> statement-breakpoint
ALTER TABLE "enhanced_signature_requests" ADD CONSTRAINT "enhanced_signature_requests_seal_status_check" CHECK ("enhanced_signature_requests"."seal_status" in ('pending', 'sealed', 'failed'));--> statement-breakpoint
ALTER TABLE "enhanced_signature_requests" ADD CONSTRAINT "enhanced_signature_requests_seal_level_check" CHECK ("enhanced_signature_requests"."seal_level" in ('B-B', 'B-T'));