CREATE TABLE "import_external_ids" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"source" text NOT NULL,
	"entity_type" text NOT NULL,
	"external_id" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_external_ids_entity_type_check" CHECK ("import_external_ids"."entity_type" in ('leads', 'clients', 'deals', 'companies'))
);
--> statement-breakpoint
CREATE TABLE "import_job_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"import_job_id" uuid NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"action" text NOT NULL,
	"previous" jsonb,
	"row_number" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_job_records_entity_type_check" CHECK ("import_job_records"."entity_type" in ('leads', 'clients', 'deals', 'companies')),
	CONSTRAINT "import_job_records_action_check" CHECK ("import_job_records"."action" in ('created', 'updated'))
);
--> statement-breakpoint
DROP INDEX "webhook_logs_org_integration_idx";--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "api_calls_month_start" date;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "rate_window_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "rate_window_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "options" jsonb;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "cancel_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "undone_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_logs" ADD COLUMN "event_type" text;--> statement-breakpoint
ALTER TABLE "webhook_logs" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "webhook_logs" ADD COLUMN "attempt" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_external_ids" ADD CONSTRAINT "import_external_ids_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_job_records" ADD CONSTRAINT "import_job_records_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_job_records" ADD CONSTRAINT "import_job_records_import_job_id_import_jobs_id_fk" FOREIGN KEY ("import_job_id") REFERENCES "public"."import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "import_external_ids_org_source_key" ON "import_external_ids" USING btree ("organization_id","source","entity_type","external_id");--> statement-breakpoint
CREATE INDEX "import_job_records_org_job_idx" ON "import_job_records" USING btree ("organization_id","import_job_id");--> statement-breakpoint
CREATE INDEX "webhook_logs_org_integration_idx" ON "webhook_logs" USING btree ("organization_id","integration_id","created_at");--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_status_check" CHECK ("import_jobs"."status" in ('pending', 'running', 'completed', 'failed', 'cancelled', 'undone'));