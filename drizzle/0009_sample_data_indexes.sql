CREATE INDEX "clients_org_sample_idx" ON "clients" USING btree ("organization_id") WHERE "clients"."is_sample_data";--> statement-breakpoint
CREATE INDEX "companies_org_sample_idx" ON "companies" USING btree ("organization_id") WHERE "companies"."is_sample_data";--> statement-breakpoint
CREATE INDEX "deals_org_sample_idx" ON "deals" USING btree ("organization_id") WHERE "deals"."is_sample_data";--> statement-breakpoint
CREATE INDEX "leads_org_sample_idx" ON "leads" USING btree ("organization_id") WHERE "leads"."is_sample_data";