ALTER TABLE "deals" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
-- Deals already in a closing (won or lost) stage: their last update is the best close date known.
UPDATE "deals" SET "closed_at" = "updated_at"
WHERE "stage" IN (
  SELECT "name" FROM "stages"
  WHERE "stages"."organization_id" = "deals"."organization_id" AND "stages"."closing_type" IS NOT NULL
);--> statement-breakpoint
CREATE INDEX "deals_org_closed_idx" ON "deals" USING btree ("organization_id","closed_at") WHERE "deals"."closed_at" is not null;
