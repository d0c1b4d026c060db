CREATE TABLE "state_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"state" text NOT NULL,
	"claim_window_days" integer,
	"fee_cap_percent" numeric(5, 2),
	"assignment_allowed" boolean,
	"attorney_required" boolean,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "state_rules_org_state_unique" UNIQUE("organization_id","state"),
	CONSTRAINT "state_rules_state_check" CHECK ("state_rules"."state" ~ '^[A-Z]{2}$'),
	CONSTRAINT "state_rules_claim_window_days_check" CHECK ("state_rules"."claim_window_days" between 1 and 3650),
	CONSTRAINT "state_rules_fee_cap_percent_check" CHECK ("state_rules"."fee_cap_percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "stages" ADD COLUMN "closing_type" text;--> statement-breakpoint
ALTER TABLE "state_rules" ADD CONSTRAINT "state_rules_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stages_org_name_idx" ON "stages" USING btree ("organization_id","name");--> statement-breakpoint
ALTER TABLE "stages" ADD CONSTRAINT "stages_closing_type_check" CHECK ("stages"."closing_type" in ('won', 'lost'));