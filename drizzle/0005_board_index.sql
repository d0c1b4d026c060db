-- The pipeline board reads each column's newest deals: organization, stage, then updated_at desc.
CREATE INDEX IF NOT EXISTS "deals_org_stage_updated_idx" ON "deals" USING btree ("organization_id", "stage", "updated_at" DESC, "id");--> statement-breakpoint
-- The dashboard's claim-deadline window compares the ISO date text of custom_fields.claimDeadline.
CREATE INDEX IF NOT EXISTS "deals_org_claim_deadline_idx" ON "deals" USING btree ("organization_id", (("custom_fields" ->> 'claimDeadline')));
