DROP INDEX "leads_org_email_idx";--> statement-breakpoint
CREATE INDEX "activities_org_user_pending_idx" ON "activities" USING btree ("organization_id","user_id","due_date") WHERE "activities"."type" = 'task' and "activities"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "clients_display_name_trgm_idx" ON "clients" USING gin ("display_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_tags_idx" ON "clients" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "companies_company_name_trgm_idx" ON "companies" USING gin ("company_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_website_trgm_idx" ON "companies" USING gin ("website" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_custom_tags_idx" ON "companies" USING gin ("custom_tags");--> statement-breakpoint
CREATE INDEX "deals_deal_name_trgm_idx" ON "deals" USING gin ("deal_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "deals_tags_idx" ON "deals" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "lead_activities_org_user_pending_idx" ON "lead_activities" USING btree ("organization_id","user_id","due_date") WHERE "lead_activities"."type" = 'task' and "lead_activities"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "leads_org_email_lower_idx" ON "leads" USING btree ("organization_id",lower("email"));--> statement-breakpoint
CREATE INDEX "leads_org_phone_digits_idx" ON "leads" USING btree ("organization_id",regexp_replace("phone", '[^0-9]', '', 'g'));--> statement-breakpoint
CREATE INDEX "leads_full_name_trgm_idx" ON "leads" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_email_trgm_idx" ON "leads" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_business_name_trgm_idx" ON "leads" USING gin ("business_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_phone_digits_trgm_idx" ON "leads" USING gin (regexp_replace("phone", '[^0-9]', '', 'g') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_tags_idx" ON "leads" USING gin ("tags");--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_status_check" CHECK ("activities"."status" in ('pending', 'completed'));--> statement-breakpoint
ALTER TABLE "lead_activities" ADD CONSTRAINT "lead_activities_status_check" CHECK ("lead_activities"."status" in ('pending', 'completed'));