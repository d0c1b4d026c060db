ALTER TABLE "signature_fields" ADD COLUMN "placeholder" text;--> statement-breakpoint
ALTER TABLE "signature_fields" ADD COLUMN "options" jsonb;--> statement-breakpoint
ALTER TABLE "signature_fields" ADD COLUMN "validation_type" text;--> statement-breakpoint
ALTER TABLE "signature_fields" ADD COLUMN "font_size" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "signature_fields" ADD COLUMN "font_family" text DEFAULT 'Arial' NOT NULL;--> statement-breakpoint
ALTER TABLE "enhanced_signature_fields" ADD COLUMN "signature_field_id" uuid;--> statement-breakpoint
ALTER TABLE "enhanced_signature_recipients" ADD COLUMN "share_id" uuid;--> statement-breakpoint
ALTER TABLE "enhanced_signature_recipients" ADD COLUMN "consent_version" text;--> statement-breakpoint
ALTER TABLE "enhanced_signature_recipients" ADD COLUMN "consented_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enhanced_signature_recipients" ADD COLUMN "invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enhanced_signature_recipients" ADD COLUMN "in_person_token_hash" text;--> statement-breakpoint
ALTER TABLE "enhanced_signature_recipients" ADD COLUMN "in_person_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enhanced_signature_requests" ADD COLUMN "workflow_id" uuid;--> statement-breakpoint
ALTER TABLE "enhanced_signature_requests" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signature_audit_trail" ADD COLUMN "sequence" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "enhanced_signature_fields" ADD CONSTRAINT "enhanced_signature_fields_signature_field_id_signature_fields_id_fk" FOREIGN KEY ("signature_field_id") REFERENCES "public"."signature_fields"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enhanced_signature_recipients" ADD CONSTRAINT "enhanced_signature_recipients_share_id_document_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."document_shares"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enhanced_signature_requests" ADD CONSTRAINT "enhanced_signature_requests_workflow_id_document_signing_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."document_signing_workflows"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "enhanced_signatures_field_idx" ON "enhanced_signatures" USING btree ("field_id");--> statement-breakpoint
CREATE UNIQUE INDEX "signature_audit_trail_org_request_sequence_idx" ON "signature_audit_trail" USING btree ("organization_id","signature_request_id","sequence");--> statement-breakpoint
ALTER TABLE "enhanced_signature_recipients" ADD CONSTRAINT "enhanced_signature_recipients_in_person_token_hash_unique" UNIQUE("in_person_token_hash");--> statement-breakpoint
ALTER TABLE "signature_fields" ADD CONSTRAINT "signature_fields_validation_type_check" CHECK ("signature_fields"."validation_type" in ('email', 'phone', 'date', 'number', 'ssn', 'ein'));--> statement-breakpoint
ALTER TABLE "enhanced_signature_recipients" ADD CONSTRAINT "enhanced_signature_recipients_status_check" CHECK ("enhanced_signature_recipients"."status" in ('pending', 'waiting', 'sent', 'viewed', 'signed', 'declined'));--> statement-breakpoint
ALTER TABLE "enhanced_signature_requests" ADD CONSTRAINT "enhanced_signature_requests_status_check" CHECK ("enhanced_signature_requests"."status" in ('draft', 'sent', 'viewed', 'signed', 'completed', 'declined', 'cancelled', 'expired'));