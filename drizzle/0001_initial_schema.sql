CREATE TABLE "activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"client_id" uuid,
	"deal_id" uuid,
	"user_id" uuid,
	"type" text NOT NULL,
	"subject" text NOT NULL,
	"description" text,
	"email_content" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'completed' NOT NULL,
	"due_date" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activities_client_or_deal_check" CHECK ("activities"."client_id" is not null or "activities"."deal_id" is not null),
	CONSTRAINT "activities_type_check" CHECK ("activities"."type" in ('call', 'email', 'meeting', 'note', 'task'))
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"display_name" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"assigned_to" uuid,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"lead_id" uuid,
	"last_contact_date" timestamp with time zone,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_sample_data" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clients_status_check" CHECK ("clients"."status" in ('active', 'inactive', 'prospect'))
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"company_name" text NOT NULL,
	"website" text,
	"industry" text,
	"key_contact" text,
	"employee_count" integer,
	"estimated_revenue" numeric(14, 2),
	"hq_location" text,
	"company_type" text,
	"tech_stack" text[] DEFAULT '{}' NOT NULL,
	"relationship_status" text DEFAULT 'prospect' NOT NULL,
	"custom_tags" text[] DEFAULT '{}' NOT NULL,
	"assigned_to" uuid,
	"notes" text,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_sample_data" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_relationship_status_check" CHECK ("companies"."relationship_status" in ('prospect', 'client', 'dormant', 'partner', 'competitor'))
);
--> statement-breakpoint
CREATE TABLE "deals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"deal_name" text NOT NULL,
	"deal_type" text,
	"related_client" uuid,
	"lead_source" text,
	"deal_value" numeric(10, 2),
	"close_probability" integer,
	"contract_duration" text,
	"stage" text DEFAULT 'proposal' NOT NULL,
	"expected_close_date" date,
	"assigned_owner" uuid,
	"notes" text,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_sample_data" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deals_close_probability_check" CHECK ("deals"."close_probability" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "lead_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"user_id" uuid,
	"type" text NOT NULL,
	"subject" text NOT NULL,
	"description" text,
	"email_content" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'completed' NOT NULL,
	"due_date" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_activities_type_check" CHECK ("lead_activities"."type" in ('call', 'email', 'meeting', 'note', 'task'))
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"full_name" text NOT NULL,
	"email" text,
	"phone" text,
	"phone_type" text,
	"business_name" text,
	"industry" text,
	"location" text,
	"lead_source" text,
	"lead_status" text DEFAULT 'New' NOT NULL,
	"interest_level" text,
	"assigned_owner" uuid,
	"notes" text,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"last_contact_date" timestamp with time zone,
	"conversion_date" timestamp with time zone,
	"converted_client_id" uuid,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_sample_data" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_phone_type_check" CHECK ("leads"."phone_type" in ('Mobile', 'Home', 'Work', 'Other')),
	CONSTRAINT "leads_lead_status_check" CHECK ("leads"."lead_status" in ('New', 'Contacted', 'Qualified', 'Disqualified', 'Converted')),
	CONSTRAINT "leads_interest_level_check" CHECK ("leads"."interest_level" in ('Cold', 'Warm', 'Hot'))
);
--> statement-breakpoint
CREATE TABLE "custom_fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"field_key" text NOT NULL,
	"data_type" text,
	"field_type" text,
	"entity_type" text NOT NULL,
	"is_standard" boolean DEFAULT false NOT NULL,
	"is_visible" boolean DEFAULT true NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"options" jsonb,
	"placeholder" text,
	"default_value" text,
	"order_index" integer DEFAULT 0 NOT NULL,
	"section_id" uuid,
	"industry_template" text,
	"validation" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_fields_org_entity_key_unique" UNIQUE("organization_id","entity_type","field_key")
);
--> statement-breakpoint
CREATE TABLE "entity_definitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"industry_template" text,
	"entity_type" text NOT NULL,
	"display_name" text NOT NULL,
	"plural_name" text,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"icon_name" text DEFAULT 'Building2' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entity_field_definitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"entity_definition_id" uuid NOT NULL,
	"field_name" text NOT NULL,
	"display_name" text NOT NULL,
	"field_type" text NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"placeholder" text,
	"validation_rules" jsonb,
	"options" jsonb,
	"default_value" text,
	"help_text" text,
	"section" text DEFAULT 'general' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entity_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"entity_type" text NOT NULL,
	"display_name" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"notes" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entity_relationships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"entity_record_id" uuid NOT NULL,
	"related_entity_type" text NOT NULL,
	"related_entity_id" uuid NOT NULL,
	"relationship_type" text DEFAULT 'primary' NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "field_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"entity_type" text NOT NULL,
	"template_id" uuid,
	"order_index" integer DEFAULT 0 NOT NULL,
	"is_collapsible" boolean DEFAULT false NOT NULL,
	"is_expanded" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "field_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"name" text NOT NULL,
	"industry_type" text,
	"entity_type" text NOT NULL,
	"field_ids" text[] DEFAULT '{}' NOT NULL,
	"section_ids" text[] DEFAULT '{}' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_system_generated" boolean DEFAULT false NOT NULL,
	"parent_template_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"document_instance_id" uuid NOT NULL,
	"activity_type" text NOT NULL,
	"actor_email" text,
	"actor_name" text,
	"details" jsonb,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_activities_activity_type_check" CHECK ("document_activities"."activity_type" in ('created', 'sent', 'viewed', 'signed', 'completed', 'reminder_sent', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "document_instances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"template_id" uuid,
	"client_id" uuid,
	"deal_id" uuid,
	"name" text NOT NULL,
	"content" text NOT NULL,
	"merged_content" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"share_token" text,
	"expires_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_instances_share_token_unique" UNIQUE("share_token"),
	CONSTRAINT "document_instances_status_check" CHECK ("document_instances"."status" in ('draft', 'sent', 'viewed', 'signed', 'completed', 'cancelled', 'locked_for_signing'))
);
--> statement-breakpoint
CREATE TABLE "document_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"document_instance_id" uuid NOT NULL,
	"workflow_id" uuid,
	"share_token" text NOT NULL,
	"recipient_email" text NOT NULL,
	"recipient_name" text,
	"access_type" text DEFAULT 'view' NOT NULL,
	"signing_order" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"email_sent" boolean DEFAULT false NOT NULL,
	"email_sent_at" timestamp with time zone,
	"first_accessed_at" timestamp with time zone,
	"last_accessed_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"access_count" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_shares_share_token_unique" UNIQUE("share_token"),
	CONSTRAINT "document_shares_access_type_check" CHECK ("document_shares"."access_type" in ('view', 'sign')),
	CONSTRAINT "document_shares_status_check" CHECK ("document_shares"."status" in ('pending', 'sent', 'viewed', 'signed', 'waiting')),
	CONSTRAINT "document_shares_signing_order_check" CHECK ("document_shares"."signing_order" >= 1)
);
--> statement-breakpoint
CREATE TABLE "document_signing_workflows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"document_instance_id" uuid NOT NULL,
	"signing_order" text DEFAULT 'parallel' NOT NULL,
	"current_step" integer DEFAULT 1 NOT NULL,
	"total_steps" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_signing_workflows_signing_order_check" CHECK ("document_signing_workflows"."signing_order" in ('parallel', 'sequential')),
	CONSTRAINT "document_signing_workflows_status_check" CHECK ("document_signing_workflows"."status" in ('active', 'completed', 'cancelled')),
	CONSTRAINT "document_signing_workflows_current_step_check" CHECK ("document_signing_workflows"."current_step" >= 1),
	CONSTRAINT "document_signing_workflows_total_steps_check" CHECK ("document_signing_workflows"."total_steps" >= 1)
);
--> statement-breakpoint
CREATE TABLE "document_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"template_type" text NOT NULL,
	"industry_type" text,
	"file_path" text,
	"content" text NOT NULL,
	"merge_fields" jsonb,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signature_fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"document_instance_id" uuid,
	"template_id" uuid,
	"field_name" text NOT NULL,
	"field_type" text DEFAULT 'signature' NOT NULL,
	"signer_email" text,
	"signer_name" text,
	"x_position" integer,
	"y_position" integer,
	"width" integer DEFAULT 200 NOT NULL,
	"height" integer DEFAULT 50 NOT NULL,
	"is_required" boolean DEFAULT true NOT NULL,
	"field_order" integer DEFAULT 0 NOT NULL,
	"default_value" text,
	"text_anchor" text,
	"anchor_position" text DEFAULT 'after' NOT NULL,
	"offset_x" integer DEFAULT 10 NOT NULL,
	"offset_y" integer DEFAULT 0 NOT NULL,
	"use_smart_positioning" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signature_fields_instance_or_template_check" CHECK ("signature_fields"."document_instance_id" is not null or "signature_fields"."template_id" is not null),
	CONSTRAINT "signature_fields_x_position_check" CHECK ("signature_fields"."x_position" >= 0),
	CONSTRAINT "signature_fields_y_position_check" CHECK ("signature_fields"."y_position" >= 0),
	CONSTRAINT "signature_fields_width_check" CHECK ("signature_fields"."width" >= 50),
	CONSTRAINT "signature_fields_height_check" CHECK ("signature_fields"."height" >= 20)
);
--> statement-breakpoint
CREATE TABLE "signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"document_instance_id" uuid NOT NULL,
	"signature_field_id" uuid,
	"signer_email" text NOT NULL,
	"signer_name" text,
	"signature_data" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid,
	"provider" text NOT NULL,
	"email" text NOT NULL,
	"display_name" text,
	"access_token" text,
	"refresh_token" text,
	"token_expiry" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"sync_enabled" boolean DEFAULT true NOT NULL,
	"folder_whitelist" text[] DEFAULT '{}' NOT NULL,
	"sync_direction" text DEFAULT 'bidirectional' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_accounts_provider_check" CHECK ("email_accounts"."provider" in ('gmail', 'outlook')),
	CONSTRAINT "email_accounts_sync_direction_check" CHECK ("email_accounts"."sync_direction" in ('inbound', 'outbound', 'bidirectional'))
);
--> statement-breakpoint
CREATE TABLE "email_contact_mappings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"email_id" uuid NOT NULL,
	"contact_email" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"mapping_type" text NOT NULL,
	"confidence" numeric(3, 2) DEFAULT '1.00' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_contact_mappings_entity_type_check" CHECK ("email_contact_mappings"."entity_type" in ('lead', 'client', 'company')),
	CONSTRAINT "email_contact_mappings_mapping_type_check" CHECK ("email_contact_mappings"."mapping_type" in ('primary', 'cc', 'bcc'))
);
--> statement-breakpoint
CREATE TABLE "email_signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"body_html" text,
	"body_text" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"usage_count" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_sync_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"job_type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"emails_processed" integer DEFAULT 0 NOT NULL,
	"emails_total" integer DEFAULT 0 NOT NULL,
	"error_message" text,
	"metadata" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_sync_jobs_job_type_check" CHECK ("email_sync_jobs"."job_type" in ('full_sync', 'incremental_sync', 'send_email')),
	CONSTRAINT "email_sync_jobs_status_check" CHECK ("email_sync_jobs"."status" in ('pending', 'running', 'completed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "email_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"subject" text NOT NULL,
	"body_html" text,
	"body_text" text,
	"variables" jsonb,
	"is_active" boolean DEFAULT true NOT NULL,
	"usage_count" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_templates_category_check" CHECK ("email_templates"."category" in ('onboarding', 'sales', 'business', 'general', 'follow-up'))
);
--> statement-breakpoint
CREATE TABLE "email_threads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"thread_id" text NOT NULL,
	"subject" text,
	"participant_emails" text[] DEFAULT '{}' NOT NULL,
	"last_message_at" timestamp with time zone,
	"message_count" integer DEFAULT 0 NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"labels" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_tracking" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"email_id" uuid NOT NULL,
	"tracking_pixel_id" text NOT NULL,
	"opened_at" timestamp with time zone,
	"open_count" integer DEFAULT 0 NOT NULL,
	"clicked_at" timestamp with time zone,
	"click_count" integer DEFAULT 0 NOT NULL,
	"replied_at" timestamp with time zone,
	"forwarded_at" timestamp with time zone,
	"bounced" boolean DEFAULT false NOT NULL,
	"bounced_at" timestamp with time zone,
	"bounce_reason" text,
	"delivery_status" text DEFAULT 'sent' NOT NULL,
	"user_agent" text,
	"ip_address" text,
	"location" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_tracking_tracking_pixel_id_unique" UNIQUE("tracking_pixel_id"),
	CONSTRAINT "email_tracking_delivery_status_check" CHECK ("email_tracking"."delivery_status" in ('sent', 'delivered', 'opened', 'clicked', 'replied', 'bounced', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"thread_id" uuid,
	"message_id" text NOT NULL,
	"subject" text,
	"from_email" text NOT NULL,
	"from_name" text,
	"to_emails" text[] DEFAULT '{}' NOT NULL,
	"cc_emails" text[] DEFAULT '{}' NOT NULL,
	"bcc_emails" text[] DEFAULT '{}' NOT NULL,
	"body_text" text,
	"body_html" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"direction" text NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"is_important" boolean DEFAULT false NOT NULL,
	"received_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"labels" text[] DEFAULT '{}' NOT NULL,
	"raw_headers" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emails_direction_check" CHECK ("emails"."direction" in ('inbound', 'outbound'))
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"domain" text,
	"subdomain" text NOT NULL,
	"industry_sector" text DEFAULT 'Surplus Funds Locator' NOT NULL,
	"plan_type" text DEFAULT 'free' NOT NULL,
	"max_users" integer DEFAULT 5 NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"corporate_phone" text,
	"email_from_name" text,
	"email_from_address" text,
	"email_reply_to" text,
	"email_signature" text,
	"status" text DEFAULT 'active' NOT NULL,
	"billing_email" text,
	"contract_start" date,
	"contract_end" date,
	"last_activity" timestamp with time zone,
	"total_users" integer DEFAULT 0 NOT NULL,
	"storage_used" bigint DEFAULT 0 NOT NULL,
	"api_calls_month" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organizations_subdomain_unique" UNIQUE("subdomain"),
	CONSTRAINT "organizations_industry_sector_check" CHECK ("organizations"."industry_sector" in ('Surplus Funds Locator', 'Real Estate Investor', 'Small Business', 'Tax Deed Investor', 'Wholesaler')),
	CONSTRAINT "organizations_plan_type_check" CHECK ("organizations"."plan_type" in ('free', 'starter', 'professional', 'enterprise')),
	CONSTRAINT "organizations_status_check" CHECK ("organizations"."status" in ('active', 'suspended', 'inactive')),
	CONSTRAINT "organizations_max_users_check" CHECK ("organizations"."max_users" >= 1)
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"category" text NOT NULL,
	"action" text NOT NULL,
	"resource" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT '#3b82f6' NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tags_org_name_unique" UNIQUE("organization_id","name")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"permissions" jsonb,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teams_status_check" CHECK ("teams"."status" in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"profile_image_url" text,
	"timezone" text DEFAULT 'UTC-05:00' NOT NULL,
	"date_number_format" text DEFAULT 'US' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"default_currency" text DEFAULT 'USD' NOT NULL,
	"phone_number_format" text,
	"phone_number" text,
	"company_name" text,
	"primary_contact" text,
	"business_address_line1" text,
	"business_address_line2" text,
	"city" text,
	"state" text,
	"zip" text,
	"industry_sector" text,
	"number_of_employees" text,
	"color_scheme" text DEFAULT 'locus' NOT NULL,
	"kanban_theme" text DEFAULT 'professional' NOT NULL,
	"company_logo" text,
	"role" text DEFAULT 'user' NOT NULL,
	"is_super_admin" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"organization_id" uuid NOT NULL,
	"team_id" uuid,
	"permissions" jsonb,
	"is_owner" boolean DEFAULT false NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"last_seen_release_version" text,
	"show_release_notifications" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_industry_sector_check" CHECK ("users"."industry_sector" in ('Surplus Funds Locator', 'Real Estate Investor', 'Small Business', 'Tax Deed Investor', 'Wholesaler')),
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('admin', 'manager', 'user')),
	CONSTRAINT "users_status_check" CHECK ("users"."status" in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"integration_id" uuid,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"key_prefix" text NOT NULL,
	"permissions" text[] DEFAULT '{"read"}' NOT NULL,
	"last_used" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_keys_key_hash_unique" UNIQUE("key_hash"),
	CONSTRAINT "api_keys_permissions_check" CHECK ("api_keys"."permissions" <@ array['read', 'write', 'admin']::text[])
);
--> statement-breakpoint
CREATE TABLE "import_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"integration_id" uuid,
	"name" text NOT NULL,
	"entity_type" text NOT NULL,
	"source_type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"total_records" integer DEFAULT 0 NOT NULL,
	"processed_records" integer DEFAULT 0 NOT NULL,
	"successful_records" integer DEFAULT 0 NOT NULL,
	"failed_records" integer DEFAULT 0 NOT NULL,
	"field_mappings" jsonb,
	"error_logs" jsonb,
	"file_path" text,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_jobs_entity_type_check" CHECK ("import_jobs"."entity_type" in ('leads', 'clients', 'deals', 'companies')),
	CONSTRAINT "import_jobs_source_type_check" CHECK ("import_jobs"."source_type" in ('csv', 'api', 'webhook', 'manual'))
);
--> statement-breakpoint
CREATE TABLE "integrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"config" jsonb,
	"field_mappings" jsonb,
	"last_sync" timestamp with time zone,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integrations_type_check" CHECK ("integrations"."type" in ('webhook', 'api', 'oauth', 'polling')),
	CONSTRAINT "integrations_status_check" CHECK ("integrations"."status" in ('active', 'inactive', 'error'))
);
--> statement-breakpoint
CREATE TABLE "webhook_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"integration_id" uuid,
	"webhook_url" text NOT NULL,
	"method" text DEFAULT 'POST' NOT NULL,
	"headers" jsonb,
	"payload" jsonb,
	"response_status" integer,
	"response_body" text,
	"processing_time" integer,
	"error_message" text,
	"entity_type" text,
	"entity_id" uuid,
	"status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_logs_method_check" CHECK ("webhook_logs"."method" in ('POST', 'PUT', 'PATCH')),
	CONSTRAINT "webhook_logs_entity_type_check" CHECK ("webhook_logs"."entity_type" in ('leads', 'clients', 'deals', 'companies'))
);
--> statement-breakpoint
CREATE TABLE "deal_reasons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"order_index" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"type" text NOT NULL,
	"show_in_details" boolean DEFAULT true NOT NULL,
	"show_in_dialog" boolean DEFAULT true NOT NULL,
	CONSTRAINT "deal_reasons_type_check" CHECK ("deal_reasons"."type" in ('won', 'loss'))
);
--> statement-breakpoint
CREATE TABLE "deal_statuses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"order_index" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"color" text NOT NULL,
	"is_system" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"order_index" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "person_statuses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"order_index" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"color" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pipelines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"order_index" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	CONSTRAINT "pipelines_org_name_unique" UNIQUE("organization_id","name")
);
--> statement-breakpoint
CREATE TABLE "revenue_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"order_index" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"order_index" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pipeline_id" uuid NOT NULL,
	"probability" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stages_probability_check" CHECK ("stages"."probability" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "deployments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" text NOT NULL,
	"release_type" text,
	"deployed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deployed_by" text,
	"commit_hash" text,
	"commit_message" text,
	"release_notes" text,
	"environment" text DEFAULT 'production' NOT NULL,
	"status" text DEFAULT 'success' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_status_check" CHECK ("outbox"."status" in ('pending', 'processing', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "service_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid,
	"subject" text NOT NULL,
	"description" text,
	"priority" text DEFAULT 'medium' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"category" text,
	"assigned_to" uuid,
	"resolution" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid" varchar PRIMARY KEY NOT NULL,
	"sess" jsonb NOT NULL,
	"expire" timestamp with time zone NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_audit_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"user_id" uuid,
	"action" text NOT NULL,
	"resource" text,
	"resource_id" text,
	"details" jsonb,
	"ip_address" text,
	"user_agent" text,
	"risk_level" text DEFAULT 'low' NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_config" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"maintenance_mode" boolean DEFAULT false NOT NULL,
	"allow_registrations" boolean DEFAULT true NOT NULL,
	"max_organizations" integer DEFAULT 1000 NOT NULL,
	"max_users_per_org" integer DEFAULT 100 NOT NULL,
	"email_notifications" boolean DEFAULT false NOT NULL,
	"audit_retention_days" integer DEFAULT 90 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"user_id" uuid,
	"update_type" text,
	"category" text,
	"title" text NOT NULL,
	"description" text,
	"action_url" text,
	"icon_type" text DEFAULT 'info' NOT NULL,
	"priority" text DEFAULT 'normal' NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"metadata" jsonb,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_analytics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"date" date NOT NULL,
	"active_users" integer DEFAULT 0 NOT NULL,
	"total_logins" integer DEFAULT 0 NOT NULL,
	"api_calls" integer DEFAULT 0 NOT NULL,
	"data_usage" bigint DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"avg_response_time" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "demo_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"company" text NOT NULL,
	"persona" text NOT NULL,
	"message" text,
	"phone_number" text,
	"preferred_time" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "early_access_signups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"company" text,
	"persona" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "early_access_signups_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"user_id" uuid,
	"type" text DEFAULT 'general' NOT NULL,
	"message" text NOT NULL,
	"page" text,
	"user_agent" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"type" text NOT NULL,
	"description" text NOT NULL,
	"image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_submissions_type_check" CHECK ("support_submissions"."type" in ('enhancement', 'bug'))
);
--> statement-breakpoint
CREATE TABLE "digital_certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"certificate_data" text NOT NULL,
	"public_key" text NOT NULL,
	"private_key_hash" text,
	"issuer" text,
	"subject" text,
	"serial_number" text NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"key_size" integer DEFAULT 2048 NOT NULL,
	"algorithm" text DEFAULT 'RSA' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "digital_certificates_serial_number_unique" UNIQUE("serial_number"),
	CONSTRAINT "digital_certificates_key_size_check" CHECK ("digital_certificates"."key_size" >= 1024),
	CONSTRAINT "digital_certificates_algorithm_check" CHECK ("digital_certificates"."algorithm" in ('RSA', 'ECDSA', 'EdDSA'))
);
--> statement-breakpoint
CREATE TABLE "enhanced_signature_fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"signature_request_id" uuid NOT NULL,
	"recipient_id" uuid,
	"field_name" text NOT NULL,
	"field_type" text NOT NULL,
	"x_position" integer,
	"y_position" integer,
	"width" integer DEFAULT 150 NOT NULL,
	"height" integer DEFAULT 50 NOT NULL,
	"page" integer DEFAULT 1 NOT NULL,
	"is_required" boolean DEFAULT true NOT NULL,
	"placeholder" text,
	"validation_type" text,
	"validation_rule" text,
	"options" jsonb,
	"default_value" text,
	"max_length" integer,
	"font_size" integer DEFAULT 12 NOT NULL,
	"font_family" text DEFAULT 'Arial' NOT NULL,
	"font_color" text,
	"background_color" text,
	"border_style" text,
	"border_color" text,
	"border_width" integer,
	"tooltip" text,
	"tab_order" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enhanced_signature_fields_field_type_check" CHECK ("enhanced_signature_fields"."field_type" in ('signature', 'initial', 'date', 'text', 'checkbox', 'dropdown', 'radio')),
	CONSTRAINT "enhanced_signature_fields_validation_type_check" CHECK ("enhanced_signature_fields"."validation_type" in ('email', 'phone', 'date', 'number', 'ssn', 'ein')),
	CONSTRAINT "enhanced_signature_fields_width_check" CHECK ("enhanced_signature_fields"."width" >= 20),
	CONSTRAINT "enhanced_signature_fields_height_check" CHECK ("enhanced_signature_fields"."height" >= 10)
);
--> statement-breakpoint
CREATE TABLE "enhanced_signature_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"signature_request_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text DEFAULT 'signer' NOT NULL,
	"signature_order" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"access_token" text NOT NULL,
	"signing_url" text,
	"auth_method" text DEFAULT 'email' NOT NULL,
	"verification_data" jsonb,
	"signed_at" timestamp with time zone,
	"signature_hash" text,
	"certificate_id" uuid,
	"biometric_data" jsonb,
	"viewed_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"decline_reason" text,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"last_reminder_at" timestamp with time zone,
	"ip_address" text,
	"user_agent" text,
	"geolocation" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enhanced_signature_recipients_access_token_unique" UNIQUE("access_token"),
	CONSTRAINT "enhanced_signature_recipients_role_check" CHECK ("enhanced_signature_recipients"."role" in ('signer', 'approver', 'cc', 'viewer', 'notary')),
	CONSTRAINT "enhanced_signature_recipients_auth_method_check" CHECK ("enhanced_signature_recipients"."auth_method" in ('email', 'sms', 'phone', 'id_verification'))
);
--> statement-breakpoint
CREATE TABLE "enhanced_signature_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"document_instance_id" uuid,
	"deal_id" uuid,
	"title" text NOT NULL,
	"message" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"signature_type" text DEFAULT 'sequential' NOT NULL,
	"legal_compliance" text DEFAULT 'ueta' NOT NULL,
	"requires_notarization" boolean DEFAULT false NOT NULL,
	"document_hash" text NOT NULL,
	"blockchain_tx_id" text,
	"expires_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"audit_trail" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enhanced_signature_requests_signature_type_check" CHECK ("enhanced_signature_requests"."signature_type" in ('parallel', 'sequential')),
	CONSTRAINT "enhanced_signature_requests_legal_compliance_check" CHECK ("enhanced_signature_requests"."legal_compliance" in ('ueta', 'esign', 'gdpr', 'custom'))
);
--> statement-breakpoint
CREATE TABLE "enhanced_signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"signature_request_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"field_id" uuid,
	"signature_type" text NOT NULL,
	"signature_data" text NOT NULL,
	"biometric_data" jsonb,
	"vector_data" jsonb,
	"certificate_id" uuid,
	"cryptographic_hash" text NOT NULL,
	"timestamp_token" text,
	"signing_time" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text NOT NULL,
	"user_agent" text NOT NULL,
	"geolocation" jsonb,
	"device_fingerprint" text,
	"session_duration" integer,
	"mouse_movements" jsonb,
	"keystroke_patterns" jsonb,
	"fraud_score" numeric(5, 2),
	"legally_binding" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enhanced_signatures_signature_type_check" CHECK ("enhanced_signatures"."signature_type" in ('drawn', 'typed', 'uploaded', 'biometric', 'electronic'))
);
--> statement-breakpoint
CREATE TABLE "signature_audit_trail" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"signature_request_id" uuid NOT NULL,
	"recipient_id" uuid,
	"event_type" text NOT NULL,
	"event_data" jsonb,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"geolocation" jsonb,
	"session_id" text,
	"device_fingerprint" text,
	"crypto_hash" text,
	"previous_event_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signature_audit_trail_event_type_check" CHECK ("signature_audit_trail"."event_type" in ('document_sent', 'document_viewed', 'field_clicked', 'signature_started', 'signature_completed', 'document_declined', 'reminder_sent'))
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_related_client_clients_id_fk" FOREIGN KEY ("related_client") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_assigned_owner_users_id_fk" FOREIGN KEY ("assigned_owner") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_activities" ADD CONSTRAINT "lead_activities_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_activities" ADD CONSTRAINT "lead_activities_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_activities" ADD CONSTRAINT "lead_activities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_assigned_owner_users_id_fk" FOREIGN KEY ("assigned_owner") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_converted_client_id_clients_id_fk" FOREIGN KEY ("converted_client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_fields" ADD CONSTRAINT "custom_fields_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_fields" ADD CONSTRAINT "custom_fields_section_id_field_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."field_sections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_definitions" ADD CONSTRAINT "entity_definitions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_field_definitions" ADD CONSTRAINT "entity_field_definitions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_field_definitions" ADD CONSTRAINT "entity_field_definitions_entity_definition_id_entity_definitions_id_fk" FOREIGN KEY ("entity_definition_id") REFERENCES "public"."entity_definitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_records" ADD CONSTRAINT "entity_records_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_records" ADD CONSTRAINT "entity_records_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_relationships" ADD CONSTRAINT "entity_relationships_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_relationships" ADD CONSTRAINT "entity_relationships_entity_record_id_entity_records_id_fk" FOREIGN KEY ("entity_record_id") REFERENCES "public"."entity_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_sections" ADD CONSTRAINT "field_sections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_sections" ADD CONSTRAINT "field_sections_template_id_field_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."field_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_templates" ADD CONSTRAINT "field_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_templates" ADD CONSTRAINT "field_templates_parent_template_id_field_templates_id_fk" FOREIGN KEY ("parent_template_id") REFERENCES "public"."field_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_activities" ADD CONSTRAINT "document_activities_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_activities" ADD CONSTRAINT "document_activities_document_instance_id_document_instances_id_fk" FOREIGN KEY ("document_instance_id") REFERENCES "public"."document_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_instances" ADD CONSTRAINT "document_instances_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_instances" ADD CONSTRAINT "document_instances_template_id_document_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."document_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_instances" ADD CONSTRAINT "document_instances_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_instances" ADD CONSTRAINT "document_instances_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_instances" ADD CONSTRAINT "document_instances_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_shares" ADD CONSTRAINT "document_shares_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_shares" ADD CONSTRAINT "document_shares_document_instance_id_document_instances_id_fk" FOREIGN KEY ("document_instance_id") REFERENCES "public"."document_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_shares" ADD CONSTRAINT "document_shares_workflow_id_document_signing_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."document_signing_workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_signing_workflows" ADD CONSTRAINT "document_signing_workflows_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_signing_workflows" ADD CONSTRAINT "document_signing_workflows_document_instance_id_document_instances_id_fk" FOREIGN KEY ("document_instance_id") REFERENCES "public"."document_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_templates" ADD CONSTRAINT "document_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_templates" ADD CONSTRAINT "document_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_fields" ADD CONSTRAINT "signature_fields_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_fields" ADD CONSTRAINT "signature_fields_document_instance_id_document_instances_id_fk" FOREIGN KEY ("document_instance_id") REFERENCES "public"."document_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_fields" ADD CONSTRAINT "signature_fields_template_id_document_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."document_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_document_instance_id_document_instances_id_fk" FOREIGN KEY ("document_instance_id") REFERENCES "public"."document_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_signature_field_id_signature_fields_id_fk" FOREIGN KEY ("signature_field_id") REFERENCES "public"."signature_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD CONSTRAINT "email_accounts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD CONSTRAINT "email_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_contact_mappings" ADD CONSTRAINT "email_contact_mappings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_contact_mappings" ADD CONSTRAINT "email_contact_mappings_email_id_emails_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_signatures" ADD CONSTRAINT "email_signatures_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_signatures" ADD CONSTRAINT "email_signatures_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_sync_jobs" ADD CONSTRAINT "email_sync_jobs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_sync_jobs" ADD CONSTRAINT "email_sync_jobs_account_id_email_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_threads" ADD CONSTRAINT "email_threads_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_threads" ADD CONSTRAINT "email_threads_account_id_email_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_tracking" ADD CONSTRAINT "email_tracking_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_tracking" ADD CONSTRAINT "email_tracking_email_id_emails_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_account_id_email_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_thread_id_email_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."email_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_logs" ADD CONSTRAINT "webhook_logs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_logs" ADD CONSTRAINT "webhook_logs_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_reasons" ADD CONSTRAINT "deal_reasons_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_statuses" ADD CONSTRAINT "deal_statuses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_sources" ADD CONSTRAINT "lead_sources_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_statuses" ADD CONSTRAINT "person_statuses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipelines" ADD CONSTRAINT "pipelines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenue_types" ADD CONSTRAINT "revenue_types_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stages" ADD CONSTRAINT "stages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stages" ADD CONSTRAINT "stages_pipeline_id_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."pipelines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_audit_logs" ADD CONSTRAINT "system_audit_logs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_audit_logs" ADD CONSTRAINT "system_audit_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_updates" ADD CONSTRAINT "system_updates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_updates" ADD CONSTRAINT "system_updates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_analytics" ADD CONSTRAINT "tenant_analytics_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digital_certificates" ADD CONSTRAINT "digital_certificates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enhanced_signature_fields" ADD CONSTRAINT "enhanced_signature_fields_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enhanced_signature_fields" ADD CONSTRAINT "enhanced_signature_fields_signature_request_id_enhanced_signature_requests_id_fk" FOREIGN KEY ("signature_request_id") REFERENCES "public"."enhanced_signature_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enhanced_signature_fields" ADD CONSTRAINT "enhanced_signature_fields_recipient_id_enhanced_signature_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."enhanced_signature_recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enhanced_signature_recipients" ADD CONSTRAINT "enhanced_signature_recipients_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enhanced_signature_recipients" ADD CONSTRAINT "enhanced_signature_recipients_signature_request_id_enhanced_signature_requests_id_fk" FOREIGN KEY ("signature_request_id") REFERENCES "public"."enhanced_signature_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enhanced_signature_recipients" ADD CONSTRAINT "enhanced_signature_recipients_certificate_id_digital_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."digital_certificates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enhanced_signature_requests" ADD CONSTRAINT "enhanced_signature_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enhanced_signature_requests" ADD CONSTRAINT "enhanced_signature_requests_document_instance_id_document_instances_id_fk" FOREIGN KEY ("document_instance_id") REFERENCES "public"."document_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enhanced_signature_requests" ADD CONSTRAINT "enhanced_signature_requests_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enhanced_signature_requests" ADD CONSTRAINT "enhanced_signature_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enhanced_signatures" ADD CONSTRAINT "enhanced_signatures_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enhanced_signatures" ADD CONSTRAINT "enhanced_signatures_signature_request_id_enhanced_signature_requests_id_fk" FOREIGN KEY ("signature_request_id") REFERENCES "public"."enhanced_signature_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enhanced_signatures" ADD CONSTRAINT "enhanced_signatures_recipient_id_enhanced_signature_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."enhanced_signature_recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enhanced_signatures" ADD CONSTRAINT "enhanced_signatures_field_id_enhanced_signature_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."enhanced_signature_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enhanced_signatures" ADD CONSTRAINT "enhanced_signatures_certificate_id_digital_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."digital_certificates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_audit_trail" ADD CONSTRAINT "signature_audit_trail_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_audit_trail" ADD CONSTRAINT "signature_audit_trail_signature_request_id_enhanced_signature_requests_id_fk" FOREIGN KEY ("signature_request_id") REFERENCES "public"."enhanced_signature_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_audit_trail" ADD CONSTRAINT "signature_audit_trail_recipient_id_enhanced_signature_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."enhanced_signature_recipients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_org_client_idx" ON "activities" USING btree ("organization_id","client_id");--> statement-breakpoint
CREATE INDEX "activities_org_deal_idx" ON "activities" USING btree ("organization_id","deal_id");--> statement-breakpoint
CREATE INDEX "activities_org_due_idx" ON "activities" USING btree ("organization_id","due_date");--> statement-breakpoint
CREATE INDEX "activities_org_created_idx" ON "activities" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "clients_org_created_idx" ON "clients" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "clients_org_status_idx" ON "clients" USING btree ("organization_id","status");--> statement-breakpoint
CREATE INDEX "clients_org_assigned_idx" ON "clients" USING btree ("organization_id","assigned_to");--> statement-breakpoint
CREATE INDEX "clients_org_lead_idx" ON "clients" USING btree ("organization_id","lead_id");--> statement-breakpoint
CREATE INDEX "companies_org_created_idx" ON "companies" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "companies_org_relationship_idx" ON "companies" USING btree ("organization_id","relationship_status");--> statement-breakpoint
CREATE INDEX "companies_org_assigned_idx" ON "companies" USING btree ("organization_id","assigned_to");--> statement-breakpoint
CREATE INDEX "deals_org_created_idx" ON "deals" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "deals_org_stage_idx" ON "deals" USING btree ("organization_id","stage");--> statement-breakpoint
CREATE INDEX "deals_org_client_idx" ON "deals" USING btree ("organization_id","related_client");--> statement-breakpoint
CREATE INDEX "deals_org_owner_idx" ON "deals" USING btree ("organization_id","assigned_owner");--> statement-breakpoint
CREATE INDEX "lead_activities_org_lead_idx" ON "lead_activities" USING btree ("organization_id","lead_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_org_created_idx" ON "leads" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "leads_org_status_idx" ON "leads" USING btree ("organization_id","lead_status");--> statement-breakpoint
CREATE INDEX "leads_org_owner_idx" ON "leads" USING btree ("organization_id","assigned_owner");--> statement-breakpoint
CREATE INDEX "leads_org_email_idx" ON "leads" USING btree ("organization_id","email");--> statement-breakpoint
CREATE INDEX "entity_definitions_org_entity_idx" ON "entity_definitions" USING btree ("organization_id","entity_type");--> statement-breakpoint
CREATE INDEX "entity_field_definitions_org_def_idx" ON "entity_field_definitions" USING btree ("organization_id","entity_definition_id");--> statement-breakpoint
CREATE INDEX "entity_records_org_entity_created_idx" ON "entity_records" USING btree ("organization_id","entity_type","created_at");--> statement-breakpoint
CREATE INDEX "entity_relationships_org_record_idx" ON "entity_relationships" USING btree ("organization_id","entity_record_id");--> statement-breakpoint
CREATE INDEX "entity_relationships_org_related_idx" ON "entity_relationships" USING btree ("organization_id","related_entity_type","related_entity_id");--> statement-breakpoint
CREATE INDEX "field_sections_org_entity_idx" ON "field_sections" USING btree ("organization_id","entity_type","order_index");--> statement-breakpoint
CREATE INDEX "field_templates_org_entity_idx" ON "field_templates" USING btree ("organization_id","entity_type");--> statement-breakpoint
CREATE INDEX "document_activities_org_instance_idx" ON "document_activities" USING btree ("organization_id","document_instance_id","created_at");--> statement-breakpoint
CREATE INDEX "document_instances_org_created_idx" ON "document_instances" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "document_instances_org_client_idx" ON "document_instances" USING btree ("organization_id","client_id");--> statement-breakpoint
CREATE INDEX "document_instances_org_deal_idx" ON "document_instances" USING btree ("organization_id","deal_id");--> statement-breakpoint
CREATE INDEX "document_instances_org_status_idx" ON "document_instances" USING btree ("organization_id","status");--> statement-breakpoint
CREATE INDEX "document_shares_org_instance_idx" ON "document_shares" USING btree ("organization_id","document_instance_id");--> statement-breakpoint
CREATE INDEX "document_signing_workflows_org_instance_idx" ON "document_signing_workflows" USING btree ("organization_id","document_instance_id");--> statement-breakpoint
CREATE INDEX "document_templates_org_created_idx" ON "document_templates" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "signature_fields_org_instance_idx" ON "signature_fields" USING btree ("organization_id","document_instance_id");--> statement-breakpoint
CREATE INDEX "signature_fields_org_template_idx" ON "signature_fields" USING btree ("organization_id","template_id");--> statement-breakpoint
CREATE INDEX "signatures_org_instance_idx" ON "signatures" USING btree ("organization_id","document_instance_id");--> statement-breakpoint
CREATE INDEX "email_accounts_org_user_idx" ON "email_accounts" USING btree ("organization_id","user_id");--> statement-breakpoint
CREATE INDEX "email_contact_mappings_org_entity_idx" ON "email_contact_mappings" USING btree ("organization_id","entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "email_contact_mappings_org_email_idx" ON "email_contact_mappings" USING btree ("organization_id","email_id");--> statement-breakpoint
CREATE INDEX "email_signatures_org_created_idx" ON "email_signatures" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "email_sync_jobs_org_account_idx" ON "email_sync_jobs" USING btree ("organization_id","account_id","created_at");--> statement-breakpoint
CREATE INDEX "email_templates_org_category_idx" ON "email_templates" USING btree ("organization_id","category");--> statement-breakpoint
CREATE UNIQUE INDEX "email_threads_org_account_thread_idx" ON "email_threads" USING btree ("organization_id","account_id","thread_id");--> statement-breakpoint
CREATE INDEX "email_threads_org_account_last_idx" ON "email_threads" USING btree ("organization_id","account_id","last_message_at");--> statement-breakpoint
CREATE INDEX "email_tracking_org_email_idx" ON "email_tracking" USING btree ("organization_id","email_id");--> statement-breakpoint
CREATE UNIQUE INDEX "emails_org_account_message_idx" ON "emails" USING btree ("organization_id","account_id","message_id");--> statement-breakpoint
CREATE INDEX "emails_org_thread_idx" ON "emails" USING btree ("organization_id","thread_id");--> statement-breakpoint
CREATE INDEX "emails_org_account_received_idx" ON "emails" USING btree ("organization_id","account_id","received_at");--> statement-breakpoint
CREATE INDEX "teams_org_name_idx" ON "teams" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "users_org_created_idx" ON "users" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "users_org_team_idx" ON "users" USING btree ("organization_id","team_id");--> statement-breakpoint
CREATE INDEX "api_keys_org_created_idx" ON "api_keys" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "import_jobs_org_created_idx" ON "import_jobs" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "integrations_org_created_idx" ON "integrations" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_logs_org_created_idx" ON "webhook_logs" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_logs_org_integration_idx" ON "webhook_logs" USING btree ("organization_id","integration_id");--> statement-breakpoint
CREATE INDEX "deal_reasons_org_order_idx" ON "deal_reasons" USING btree ("organization_id","type","order_index");--> statement-breakpoint
CREATE INDEX "deal_statuses_org_order_idx" ON "deal_statuses" USING btree ("organization_id","order_index");--> statement-breakpoint
CREATE INDEX "lead_sources_org_order_idx" ON "lead_sources" USING btree ("organization_id","order_index");--> statement-breakpoint
CREATE INDEX "person_statuses_org_order_idx" ON "person_statuses" USING btree ("organization_id","order_index");--> statement-breakpoint
CREATE INDEX "revenue_types_org_order_idx" ON "revenue_types" USING btree ("organization_id","order_index");--> statement-breakpoint
CREATE INDEX "stages_org_pipeline_idx" ON "stages" USING btree ("organization_id","pipeline_id","order_index");--> statement-breakpoint
CREATE INDEX "outbox_status_run_at_idx" ON "outbox" USING btree ("status","run_at");--> statement-breakpoint
CREATE INDEX "service_requests_org_status_idx" ON "service_requests" USING btree ("organization_id","status");--> statement-breakpoint
CREATE INDEX "sessions_expire_idx" ON "sessions" USING btree ("expire");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "system_audit_logs_org_timestamp_idx" ON "system_audit_logs" USING btree ("organization_id","timestamp");--> statement-breakpoint
CREATE INDEX "system_updates_org_user_idx" ON "system_updates" USING btree ("organization_id","user_id","is_read");--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_analytics_org_date_idx" ON "tenant_analytics" USING btree ("organization_id","date");--> statement-breakpoint
CREATE INDEX "feedback_org_submitted_idx" ON "feedback" USING btree ("organization_id","submitted_at");--> statement-breakpoint
CREATE INDEX "digital_certificates_org_active_idx" ON "digital_certificates" USING btree ("organization_id","is_active");--> statement-breakpoint
CREATE INDEX "enhanced_signature_fields_org_request_idx" ON "enhanced_signature_fields" USING btree ("organization_id","signature_request_id");--> statement-breakpoint
CREATE INDEX "enhanced_signature_recipients_org_request_idx" ON "enhanced_signature_recipients" USING btree ("organization_id","signature_request_id");--> statement-breakpoint
CREATE INDEX "enhanced_signature_requests_org_created_idx" ON "enhanced_signature_requests" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "enhanced_signature_requests_org_instance_idx" ON "enhanced_signature_requests" USING btree ("organization_id","document_instance_id");--> statement-breakpoint
CREATE INDEX "enhanced_signature_requests_org_deal_idx" ON "enhanced_signature_requests" USING btree ("organization_id","deal_id");--> statement-breakpoint
CREATE INDEX "enhanced_signatures_org_request_idx" ON "enhanced_signatures" USING btree ("organization_id","signature_request_id");--> statement-breakpoint
CREATE INDEX "enhanced_signatures_org_recipient_idx" ON "enhanced_signatures" USING btree ("organization_id","recipient_id");--> statement-breakpoint
CREATE INDEX "signature_audit_trail_org_request_idx" ON "signature_audit_trail" USING btree ("organization_id","signature_request_id","timestamp");