ALTER TABLE "document_instances" ADD COLUMN "source" text DEFAULT 'editor' NOT NULL;--> statement-breakpoint
ALTER TABLE "document_instances" ADD COLUMN "file_id" uuid;--> statement-breakpoint
ALTER TABLE "document_instances" ADD COLUMN "page_count" integer;--> statement-breakpoint
ALTER TABLE "document_instances" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "document_instances" ADD COLUMN "revision_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "document_instances" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "document_templates" ADD COLUMN "library_key" text;--> statement-breakpoint
ALTER TABLE "signature_fields" ADD COLUMN "page_number" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "document_instances" ADD CONSTRAINT "document_instances_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_instances_org_template_idx" ON "document_instances" USING btree ("organization_id","template_id");--> statement-breakpoint
CREATE INDEX "document_instances_name_trgm_idx" ON "document_instances" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "document_templates_org_library_key_idx" ON "document_templates" USING btree ("organization_id","library_key");--> statement-breakpoint
ALTER TABLE "document_instances" ADD CONSTRAINT "document_instances_source_check" CHECK ("document_instances"."source" in ('editor', 'upload'));--> statement-breakpoint
ALTER TABLE "signature_fields" ADD CONSTRAINT "signature_fields_page_number_check" CHECK ("signature_fields"."page_number" >= 1);