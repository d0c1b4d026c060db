CREATE TABLE "saved_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"list_key" text NOT NULL,
	"name" text NOT NULL,
	"search" text DEFAULT '' NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort" text,
	"columns" jsonb,
	"is_shared" boolean DEFAULT false NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_views_org_user_list_name_unique" UNIQUE("organization_id","user_id","list_key","name")
);
--> statement-breakpoint
ALTER TABLE "user_list_preferences" DROP CONSTRAINT "user_list_preferences_list_key_check";--> statement-breakpoint
DROP INDEX "entity_definitions_org_entity_idx";--> statement-breakpoint
DROP INDEX "entity_field_definitions_org_def_idx";--> statement-breakpoint
DROP INDEX "entity_records_org_entity_created_idx";--> statement-breakpoint
ALTER TABLE "entity_definitions" ADD COLUMN "permission_category" text DEFAULT 'deals' NOT NULL;--> statement-breakpoint
ALTER TABLE "entity_definitions" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "entity_field_definitions" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "entity_records" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "entity_records" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_views_org_list_idx" ON "saved_views" USING btree ("organization_id","list_key","user_id");--> statement-breakpoint
CREATE INDEX "entity_records_org_entity_name_idx" ON "entity_records" USING btree ("organization_id","entity_type",lower("display_name"),"id");--> statement-breakpoint
CREATE INDEX "entity_records_search_trgm_idx" ON "entity_records" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "entity_records_data_idx" ON "entity_records" USING gin ("data" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "entity_field_definitions_org_def_idx" ON "entity_field_definitions" USING btree ("organization_id","entity_definition_id","display_order");--> statement-breakpoint
CREATE INDEX "entity_records_org_entity_created_idx" ON "entity_records" USING btree ("organization_id","entity_type","created_at","id");--> statement-breakpoint
ALTER TABLE "entity_definitions" ADD CONSTRAINT "entity_definitions_org_entity_unique" UNIQUE("organization_id","entity_type");--> statement-breakpoint
ALTER TABLE "entity_field_definitions" ADD CONSTRAINT "entity_field_definitions_def_field_unique" UNIQUE("organization_id","entity_definition_id","field_name");--> statement-breakpoint
ALTER TABLE "entity_relationships" ADD CONSTRAINT "entity_relationships_record_related_unique" UNIQUE("organization_id","entity_record_id","related_entity_type","related_entity_id");--> statement-breakpoint
ALTER TABLE "entity_definitions" ADD CONSTRAINT "entity_definitions_permission_category_check" CHECK ("entity_definitions"."permission_category" in ('leads', 'clients', 'companies', 'deals'));