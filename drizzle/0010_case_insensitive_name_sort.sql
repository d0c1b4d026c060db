DROP INDEX "leads_org_full_name_idx";--> statement-breakpoint
CREATE INDEX "leads_org_full_name_lower_idx" ON "leads" USING btree ("organization_id",lower("full_name"),"id");