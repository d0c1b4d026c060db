CREATE TABLE "organization_email_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"smtp_host" text,
	"smtp_port" integer,
	"smtp_security" text DEFAULT 'starttls' NOT NULL,
	"smtp_username" text,
	"smtp_password" text,
	"tracking_enabled" boolean DEFAULT false NOT NULL,
	"create_leads_from_unknown_senders" boolean DEFAULT false NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_email_settings_smtp_security_check" CHECK ("organization_email_settings"."smtp_security" in ('tls', 'starttls', 'none'))
);
--> statement-breakpoint
CREATE TABLE "user_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_tokens_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "user_tokens_purpose_check" CHECK ("user_tokens"."purpose" in ('password_reset', 'invitation'))
);
--> statement-breakpoint
ALTER TABLE "email_accounts" DROP CONSTRAINT "email_accounts_provider_check";--> statement-breakpoint
DROP INDEX "email_accounts_org_user_idx";--> statement-breakpoint
ALTER TABLE "email_threads" ALTER COLUMN "account_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "emails" ALTER COLUMN "account_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "auth_type" text DEFAULT 'password' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "imap_host" text;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "imap_port" integer;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "imap_security" text DEFAULT 'tls' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "smtp_host" text;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "smtp_port" integer;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "smtp_security" text DEFAULT 'starttls' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "username" text;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "password" text;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "sync_status" text DEFAULT 'idle' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "last_error_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "messages_imported" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "sync_state" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "email_signatures" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "email_templates" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "in_reply_to" text;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "references" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "folder" text;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "uid" bigint;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "send_status" text;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "send_error" text;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "sent_by" uuid;--> statement-breakpoint
ALTER TABLE "organization_email_settings" ADD CONSTRAINT "organization_email_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_tokens_org_user_idx" ON "user_tokens" USING btree ("organization_id","user_id");--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_accounts_org_user_email_idx" ON "email_accounts" USING btree ("organization_id","user_id","email");--> statement-breakpoint
CREATE INDEX "email_threads_org_thread_idx" ON "email_threads" USING btree ("organization_id","thread_id");--> statement-breakpoint
CREATE INDEX "emails_org_message_idx" ON "emails" USING btree ("organization_id","message_id");--> statement-breakpoint
ALTER TABLE "email_accounts" ADD CONSTRAINT "email_accounts_auth_type_check" CHECK ("email_accounts"."auth_type" in ('oauth', 'password'));--> statement-breakpoint
ALTER TABLE "email_accounts" ADD CONSTRAINT "email_accounts_imap_security_check" CHECK ("email_accounts"."imap_security" in ('tls', 'starttls', 'none'));--> statement-breakpoint
ALTER TABLE "email_accounts" ADD CONSTRAINT "email_accounts_smtp_security_check" CHECK ("email_accounts"."smtp_security" in ('tls', 'starttls', 'none'));--> statement-breakpoint
ALTER TABLE "email_accounts" ADD CONSTRAINT "email_accounts_sync_status_check" CHECK ("email_accounts"."sync_status" in ('idle', 'syncing', 'error'));--> statement-breakpoint
ALTER TABLE "email_accounts" ADD CONSTRAINT "email_accounts_messages_imported_check" CHECK ("email_accounts"."messages_imported" >= 0);--> statement-breakpoint
ALTER TABLE "email_accounts" ADD CONSTRAINT "email_accounts_provider_check" CHECK ("email_accounts"."provider" in ('gmail', 'outlook', 'imap'));--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_send_status_check" CHECK ("emails"."send_status" in ('queued', 'waiting', 'sent', 'failed'));