CREATE TABLE "support_access_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"super_admin_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_update_reads" (
	"update_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "system_update_reads_user_id_update_id_pk" PRIMARY KEY("user_id","update_id")
);
--> statement-breakpoint
CREATE TABLE "tenant_active_users" (
	"organization_id" uuid NOT NULL,
	"date" date NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "tenant_active_users_organization_id_date_user_id_pk" PRIMARY KEY("organization_id","date","user_id")
);
--> statement-breakpoint
ALTER TABLE "system_updates" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "tenant_analytics" ADD COLUMN "request_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tenant_analytics" ADD COLUMN "response_time_total_ms" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "support_access_sessions" ADD CONSTRAINT "support_access_sessions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_access_sessions" ADD CONSTRAINT "support_access_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_access_sessions" ADD CONSTRAINT "support_access_sessions_super_admin_id_users_id_fk" FOREIGN KEY ("super_admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_update_reads" ADD CONSTRAINT "system_update_reads_update_id_system_updates_id_fk" FOREIGN KEY ("update_id") REFERENCES "public"."system_updates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_update_reads" ADD CONSTRAINT "system_update_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_active_users" ADD CONSTRAINT "tenant_active_users_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_active_users" ADD CONSTRAINT "tenant_active_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_access_sessions_org_started_idx" ON "support_access_sessions" USING btree ("organization_id","started_at");--> statement-breakpoint
CREATE INDEX "support_access_sessions_super_admin_idx" ON "support_access_sessions" USING btree ("super_admin_id","started_at");--> statement-breakpoint
ALTER TABLE "system_updates" ADD CONSTRAINT "system_updates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deployments_deployed_at_idx" ON "deployments" USING btree ("deployed_at");--> statement-breakpoint
CREATE INDEX "service_requests_status_created_idx" ON "service_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "system_updates_created_at_idx" ON "system_updates" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "deployments" ADD CONSTRAINT "deployments_environment_check" CHECK ("deployments"."environment" in ('production', 'staging', 'development'));--> statement-breakpoint
ALTER TABLE "deployments" ADD CONSTRAINT "deployments_status_check" CHECK ("deployments"."status" in ('success', 'failed', 'in_progress', 'rolled_back'));--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_status_check" CHECK ("service_requests"."status" in ('open', 'in_progress', 'resolved', 'closed'));--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_priority_check" CHECK ("service_requests"."priority" in ('low', 'medium', 'high', 'urgent'));--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_category_check" CHECK ("service_requests"."category" in ('technical', 'billing', 'account', 'feature_request', 'other'));--> statement-breakpoint
ALTER TABLE "system_config" ADD CONSTRAINT "system_config_max_organizations_check" CHECK ("system_config"."max_organizations" >= 1);--> statement-breakpoint
ALTER TABLE "system_config" ADD CONSTRAINT "system_config_max_users_per_org_check" CHECK ("system_config"."max_users_per_org" >= 1);--> statement-breakpoint
ALTER TABLE "system_config" ADD CONSTRAINT "system_config_audit_retention_days_check" CHECK ("system_config"."audit_retention_days" between 1 and 3650);--> statement-breakpoint
ALTER TABLE "system_updates" ADD CONSTRAINT "system_updates_priority_check" CHECK ("system_updates"."priority" in ('low', 'normal', 'high', 'urgent'));--> statement-breakpoint
ALTER TABLE "system_updates" ADD CONSTRAINT "system_updates_icon_type_check" CHECK ("system_updates"."icon_type" in ('info', 'success', 'warning', 'alert', 'release'));--> statement-breakpoint
ALTER TABLE "system_updates" ADD CONSTRAINT "system_updates_category_check" CHECK ("system_updates"."category" in ('announcement', 'release', 'maintenance', 'feature', 'security'));--> statement-breakpoint
ALTER TABLE "demo_requests" ADD CONSTRAINT "demo_requests_status_check" CHECK ("demo_requests"."status" in ('pending', 'contacted', 'scheduled', 'closed'));