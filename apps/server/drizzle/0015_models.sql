CREATE TABLE "document_tokens" (
	"document_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"tokens" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "extraction_models" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"document_type" text DEFAULT 'invoice' NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"state_reason" text,
	"configuration" jsonb NOT NULL,
	"learned" jsonb,
	"training_revision" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "model_executions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"model_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"process_id" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"status_reason" text,
	"result" jsonb,
	"corrections" jsonb,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "model_labels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"model_id" uuid NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer NOT NULL,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pick" text DEFAULT 'first' NOT NULL,
	"filters" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "model_training_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"model_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"annotations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"origin" text DEFAULT 'annotated' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_tokens" ADD CONSTRAINT "document_tokens_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_tokens" ADD CONSTRAINT "document_tokens_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extraction_models" ADD CONSTRAINT "extraction_models_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extraction_models" ADD CONSTRAINT "extraction_models_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_executions" ADD CONSTRAINT "model_executions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_executions" ADD CONSTRAINT "model_executions_model_id_extraction_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."extraction_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_executions" ADD CONSTRAINT "model_executions_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_executions" ADD CONSTRAINT "model_executions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_labels" ADD CONSTRAINT "model_labels_model_id_extraction_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."extraction_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_training_documents" ADD CONSTRAINT "model_training_documents_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_training_documents" ADD CONSTRAINT "model_training_documents_model_id_extraction_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."extraction_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_training_documents" ADD CONSTRAINT "model_training_documents_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "extraction_models_org_name_idx" ON "extraction_models" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "extraction_models_org_updated_idx" ON "extraction_models" USING btree ("organization_id","updated_at");--> statement-breakpoint
CREATE INDEX "model_executions_org_model_idx" ON "model_executions" USING btree ("organization_id","model_id","created_at");--> statement-breakpoint
CREATE INDEX "model_executions_doc_idx" ON "model_executions" USING btree ("document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "model_labels_model_key_idx" ON "model_labels" USING btree ("model_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "model_training_documents_model_doc_idx" ON "model_training_documents" USING btree ("model_id","document_id");--> statement-breakpoint
CREATE INDEX "model_training_documents_doc_idx" ON "model_training_documents" USING btree ("document_id");