CREATE TABLE "accounting_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"counterparty" text DEFAULT '' NOT NULL,
	"issue_date" text NOT NULL,
	"due_date" text,
	"currency" text NOT NULL,
	"total" bigint NOT NULL,
	"open_amount" bigint NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"document_id" uuid,
	"item_id" uuid,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recon_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"account" text NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "recon_allocations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "recon_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"actor_user_id" uuid,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid,
	"group_id" uuid,
	"run_id" uuid,
	"rule_id" text,
	"reason" text DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"item_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recon_group_items" (
	"group_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"table_id" uuid NOT NULL,
	"side" text NOT NULL,
	"amount" bigint NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "recon_group_items_group_id_item_id_pk" PRIMARY KEY("group_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "recon_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"run_id" uuid,
	"left_table_id" uuid NOT NULL,
	"right_table_id" uuid NOT NULL,
	"source" text NOT NULL,
	"rule_id" text NOT NULL,
	"rule_name" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"score" text DEFAULT '1' NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"currency" text NOT NULL,
	"left_total" bigint NOT NULL,
	"right_total" bigint NOT NULL,
	"difference" bigint NOT NULL,
	"adjusted" bigint DEFAULT 0 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "recon_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"passes" jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recon_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"left_table_id" uuid NOT NULL,
	"right_table_id" uuid NOT NULL,
	"mapping_id" uuid,
	"rule_id" uuid,
	"passes" jsonb NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"job_id" text,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"preview" jsonb,
	"error_message" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "recon_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounting_documents" ADD CONSTRAINT "accounting_documents_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_documents" ADD CONSTRAINT "accounting_documents_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_documents" ADD CONSTRAINT "accounting_documents_item_id_table_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."table_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_documents" ADD CONSTRAINT "accounting_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recon_adjustments" ADD CONSTRAINT "recon_adjustments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recon_adjustments" ADD CONSTRAINT "recon_adjustments_group_id_recon_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."recon_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recon_adjustments" ADD CONSTRAINT "recon_adjustments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recon_adjustments" ADD CONSTRAINT "recon_adjustments_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recon_allocations" ADD CONSTRAINT "recon_allocations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recon_allocations" ADD CONSTRAINT "recon_allocations_payment_id_accounting_documents_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."accounting_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recon_allocations" ADD CONSTRAINT "recon_allocations_invoice_id_accounting_documents_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."accounting_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recon_allocations" ADD CONSTRAINT "recon_allocations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recon_allocations" ADD CONSTRAINT "recon_allocations_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recon_audit" ADD CONSTRAINT "recon_audit_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recon_audit" ADD CONSTRAINT "recon_audit_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recon_group_items" ADD CONSTRAINT "recon_group_items_group_id_recon_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."recon_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recon_group_items" ADD CONSTRAINT "recon_group_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recon_group_items" ADD CONSTRAINT "recon_group_items_item_id_table_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."table_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recon_groups" ADD CONSTRAINT "recon_groups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recon_groups" ADD CONSTRAINT "recon_groups_run_id_recon_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."recon_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recon_groups" ADD CONSTRAINT "recon_groups_left_table_id_data_tables_id_fk" FOREIGN KEY ("left_table_id") REFERENCES "public"."data_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recon_groups" ADD CONSTRAINT "recon_groups_right_table_id_data_tables_id_fk" FOREIGN KEY ("right_table_id") REFERENCES "public"."data_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recon_groups" ADD CONSTRAINT "recon_groups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recon_groups" ADD CONSTRAINT "recon_groups_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recon_rules" ADD CONSTRAINT "recon_rules_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recon_rules" ADD CONSTRAINT "recon_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recon_runs" ADD CONSTRAINT "recon_runs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recon_runs" ADD CONSTRAINT "recon_runs_left_table_id_data_tables_id_fk" FOREIGN KEY ("left_table_id") REFERENCES "public"."data_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recon_runs" ADD CONSTRAINT "recon_runs_right_table_id_data_tables_id_fk" FOREIGN KEY ("right_table_id") REFERENCES "public"."data_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recon_runs" ADD CONSTRAINT "recon_runs_mapping_id_association_mappings_id_fk" FOREIGN KEY ("mapping_id") REFERENCES "public"."association_mappings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recon_runs" ADD CONSTRAINT "recon_runs_rule_id_recon_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."recon_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recon_runs" ADD CONSTRAINT "recon_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recon_settings" ADD CONSTRAINT "recon_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recon_settings" ADD CONSTRAINT "recon_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_documents_number_idx" ON "accounting_documents" USING btree ("organization_id","kind","number");--> statement-breakpoint
CREATE INDEX "accounting_documents_open_idx" ON "accounting_documents" USING btree ("organization_id","status","issue_date");--> statement-breakpoint
CREATE INDEX "recon_adjustments_group_idx" ON "recon_adjustments" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "recon_adjustments_org_idx" ON "recon_adjustments" USING btree ("organization_id","state");--> statement-breakpoint
CREATE INDEX "recon_allocations_payment_idx" ON "recon_allocations" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "recon_allocations_invoice_idx" ON "recon_allocations" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "recon_audit_org_idx" ON "recon_audit" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "recon_audit_group_idx" ON "recon_audit" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "recon_audit_items_idx" ON "recon_audit" USING gin ("item_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "recon_group_items_active_item_idx" ON "recon_group_items" USING btree ("item_id") WHERE "recon_group_items"."active";--> statement-breakpoint
CREATE INDEX "recon_group_items_table_idx" ON "recon_group_items" USING btree ("table_id","active");--> statement-breakpoint
CREATE INDEX "recon_groups_org_idx" ON "recon_groups" USING btree ("organization_id","state","status");--> statement-breakpoint
CREATE INDEX "recon_groups_tables_idx" ON "recon_groups" USING btree ("left_table_id","right_table_id","state");--> statement-breakpoint
CREATE INDEX "recon_groups_run_idx" ON "recon_groups" USING btree ("run_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recon_rules_name_idx" ON "recon_rules" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "recon_runs_org_idx" ON "recon_runs" USING btree ("organization_id","created_at");