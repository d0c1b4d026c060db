-- Lists of a large tenant (bench/lists): sort by name from an index; an owner's leads by status counted
-- from the index alone. (organization_id, assigned_owner) is a prefix of the new owner index.
DROP INDEX "leads_org_owner_idx";--> statement-breakpoint
CREATE INDEX "leads_org_full_name_idx" ON "leads" USING btree ("organization_id","full_name","id");--> statement-breakpoint
CREATE INDEX "leads_org_owner_status_idx" ON "leads" USING btree ("organization_id","assigned_owner","lead_status");