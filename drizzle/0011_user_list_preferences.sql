CREATE TABLE "user_list_preferences" (
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"list_key" text NOT NULL,
	"columns" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_list_preferences_pkey" PRIMARY KEY("organization_id","user_id","list_key"),
	CONSTRAINT "user_list_preferences_list_key_check" CHECK ("user_list_preferences"."list_key" in ('leads', 'clients', 'companies', 'deals'))
);
--> statement-breakpoint
ALTER TABLE "user_list_preferences" ADD CONSTRAINT "user_list_preferences_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_list_preferences" ADD CONSTRAINT "user_list_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;