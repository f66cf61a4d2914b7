import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { documents } from './documents.ts';
import { createdBy, organizationRef, users } from './organizations.ts';
import { reconGroups } from './recon.ts';
import { tableItems } from './tables.ts';

/** Reconciliation's money: adjustments, accounting documents (invoices, payments, credit notes) and allocations. */

/**
 * A write-off of (part of) a group's difference (`v1/recon/adjustment`): amount in minor units (same
 * sign as the difference it clears), reason and account. State active | pending_approval | rejected
 * | reversed.
 */
export const reconAdjustments = pgTable(
  'recon_adjustments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => reconGroups.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').notNull(),
    account: text('account').notNull(),
    state: text('state').notNull().default('active'),
    createdBy: createdBy(),
    createdAt: createdAt(),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('recon_adjustments_group_idx').on(t.groupId),
    index('recon_adjustments_org_idx').on(t.organizationId, t.state),
  ],
);

/**
 * Invoices, payments and credit notes (`/v1/accounting_documents`), entered, extracted or pulled
 * from an ERP. `total` and `open_amount` are minor units; `fields` keeps extracted values.
 * Status open | partially_paid | paid | void.
 */
export const accountingDocuments = pgTable(
  'accounting_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    kind: text('kind').notNull(),
    number: text('number').notNull(),
    counterparty: text('counterparty').notNull().default(''),
    issueDate: text('issue_date').notNull(),
    dueDate: text('due_date'),
    currency: text('currency').notNull(),
    total: bigint('total', { mode: 'bigint' }).notNull(),
    openAmount: bigint('open_amount', { mode: 'bigint' }).notNull(),
    status: text('status').notNull().default('open'),
    reference: text('reference').notNull().default(''),
    /** The drop-box document it was extracted from, if any. */
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'set null' }),
    /** The table row it stands for (a ledger line), if any. */
    itemId: uuid('item_id').references(() => tableItems.id, { onDelete: 'set null' }),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull().default({}),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounting_documents_number_idx').on(t.organizationId, t.kind, t.number),
    index('accounting_documents_open_idx').on(t.organizationId, t.status, t.issueDate),
    // Deleting table items sets this to null: found by index, not by a scan per item.
    index('accounting_documents_item_idx').on(t.itemId),
  ],
);

/**
 * A share of a payment allocated to an invoice (`/v1/allocations`). The payment is an accounting
 * document of kind payment. State active | pending_approval | reversed; open amounts on both
 * documents move in the same transaction.
 */
export const reconAllocations = pgTable(
  'recon_allocations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => accountingDocuments.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => accountingDocuments.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    state: text('state').notNull().default('active'),
    createdBy: createdBy(),
    createdAt: createdAt(),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('recon_allocations_payment_idx').on(t.paymentId),
    index('recon_allocations_invoice_idx').on(t.invoiceId),
  ],
);
