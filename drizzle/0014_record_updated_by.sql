ALTER TABLE "activities" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "lead_activities" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "custom_fields" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "field_sections" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "deal_reasons" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "deal_statuses" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "lead_sources" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "person_statuses" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "pipelines" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "revenue_types" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "stages" ADD COLUMN "updated_by" uuid;