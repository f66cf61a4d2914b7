import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { documents } from './documents.ts';
import { createdBy, organizationRef } from './organizations.ts';

/**
 * Document data extraction models (issue 20; spec §7 Models): models, their labels (with the
 * rule-based rules and filters), training documents, executions, and each document's tokens.
 * Shapes of the jsonb columns are the contracts' (packages/contracts/src/models.ts).
 */

/** A model: kind rule_based | ai, state draft | training | ready | failed (state_reason says why). */
export const extractionModels = pgTable(
  'extraction_models',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind').notNull(),
    documentType: text('document_type').notNull().default('invoice'),
    state: text('state').notNull().default('draft'),
    stateReason: text('state_reason'),
    /** ModelConfiguration. */
    configuration: jsonb('configuration').$type<Record<string, unknown>>().notNull(),
    /** AI: the engine's LearnedModel (JSON), null until it has learned. */
    learned: jsonb('learned').$type<unknown>(),
    /** AI: bumped by every change of the training set, so a learning run can tell it is stale. */
    trainingRevision: integer('training_revision').notNull().default(0),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('extraction_models_org_name_idx').on(t.organizationId, sql`lower(${t.name})`),
    index('extraction_models_org_updated_idx').on(t.organizationId, t.updatedAt),
  ],
);

/** A field a model extracts; `rules`/`pick`/`filters` are its rule-based LabelRule. */
export const modelLabels = pgTable(
  'model_labels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    modelId: uuid('model_id')
      .notNull()
      .references(() => extractionModels.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    required: boolean('required').notNull().default(false),
    /** LabelColumn[] of a table label. */
    columns: jsonb('columns').$type<unknown[]>().notNull().default([]),
    position: integer('position').notNull(),
    /** Rule[]. */
    rules: jsonb('rules').$type<unknown[]>().notNull().default([]),
    pick: text('pick').notNull().default('first'),
    /** Filter[]. */
    filters: jsonb('filters').$type<unknown[]>().notNull().default([]),
  },
  (t) => [uniqueIndex('model_labels_model_key_idx').on(t.modelId, t.key)],
);

/** A drop-box document a model learns from, with its annotations (Annotation[]). */
export const modelTrainingDocuments = pgTable(
  'model_training_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    modelId: uuid('model_id')
      .notNull()
      .references(() => extractionModels.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    annotations: jsonb('annotations').$type<unknown[]>().notNull().default([]),
    /** annotated | correction */
    origin: text('origin').notNull().default('annotated'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('model_training_documents_model_doc_idx').on(t.modelId, t.documentId),
    index('model_training_documents_doc_idx').on(t.documentId),
  ],
);

/**
 * One run of a model on one document: queued → running → succeeded | needs_review | failed.
 * The result (ExtractionResult) is written with the final status in one statement.
 */
export const modelExecutions = pgTable(
  'model_executions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    modelId: uuid('model_id')
      .notNull()
      .references(() => extractionModels.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    processId: text('process_id'),
    status: text('status').notNull().default('queued'),
    statusReason: text('status_reason'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    /** CorrectExecution's fields, when corrected. */
    corrections: jsonb('corrections').$type<unknown[]>(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('model_executions_org_model_idx').on(t.organizationId, t.modelId, t.createdAt),
    index('model_executions_doc_idx').on(t.documentId),
  ],
);

/** A document's tokens as the engine read them (OCR is slow: read once, kept here). */
export const documentTokens = pgTable('document_tokens', {
  documentId: uuid('document_id')
    .primaryKey()
    .references(() => documents.id, { onDelete: 'cascade' }),
  organizationId: organizationRef(),
  /** DocumentTokens. */
  tokens: jsonb('tokens').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
});
