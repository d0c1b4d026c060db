CREATE TABLE "sign_in_attempts" (
	"key" text PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "phone_type" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "address_line1" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "address_line2" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "zip" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "notes" text;--> statement-breakpoint
CREATE INDEX "sign_in_attempts_window_idx" ON "sign_in_attempts" USING btree ("window_started_at");--> statement-breakpoint
CREATE INDEX "clients_email_trgm_idx" ON "clients" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_phone_digits_trgm_idx" ON "clients" USING gin (regexp_replace("phone", '[^0-9]', '', 'g') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_org_email_lower_idx" ON "clients" USING btree ("organization_id",lower("email"));--> statement-breakpoint
CREATE INDEX "clients_org_phone_digits_idx" ON "clients" USING btree ("organization_id",regexp_replace("phone", '[^0-9]', '', 'g'));--> statement-breakpoint
CREATE INDEX "deals_case_search_trgm_idx" ON "deals" USING gin ((coalesce("custom_fields"->>'caseNumber', '') || ' ' || coalesce("custom_fields"->>'parcelNumber', '') || ' ' || coalesce("custom_fields"->>'propertyAddress', '') || ' ' || coalesce("custom_fields"->>'county', '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_case_search_trgm_idx" ON "leads" USING gin ((coalesce("custom_fields"->>'caseNumber', '') || ' ' || coalesce("custom_fields"->>'parcelNumber', '') || ' ' || coalesce("custom_fields"->>'propertyAddress', '') || ' ' || coalesce("custom_fields"->>'county', '')) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "permissions_category_action_idx" ON "permissions" USING btree ("category","action");--> statement-breakpoint
CREATE INDEX "system_audit_logs_org_user_timestamp_idx" ON "system_audit_logs" USING btree ("organization_id","user_id","timestamp");--> statement-breakpoint
CREATE INDEX "system_audit_logs_timestamp_idx" ON "system_audit_logs" USING btree ("timestamp");--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_phone_type_check" CHECK ("clients"."phone_type" in ('Mobile', 'Home', 'Work', 'Other'));