import type { ReconcileInvoiceResult, repairInvoiceInputSchema } from '@counterpart/contracts';
import { type EngineRecord, parseDay, type RuleSet, run } from '@counterpart/recon-engine';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/database.ts';
import { accountingDocuments, reconAllocations, reconAudit } from '../../../db/schema.ts';
import { AppError, badRequest } from '../../../errors.ts';
import { defaultPasses, findDefaultRule } from '../rules/rules.service.ts';
import { inTransaction, minor } from '../shared/money-common.ts';
import type { ReconScope } from '../shared/recon-scope.ts';
import { getReconSettings } from '../shared/settings.service.ts';
import {
  type AccountingRow,
  loadAccountingDocument,
  openDocumentsWhere,
  toAccountingDto,
  updateAccountingDocumentIn,
} from './accounting-documents.service.ts';
import { allocateIn, reverseAllocationIn } from './allocations.service.ts';

/*
 * reconcile_invoice runs the engine (with the organization's rules) for one invoice: the
 * organization's open payments in the invoice's currency on the left, the invoice alone on the right, amounts = open
 * amounts. Groups the engine makes with the invoice (reconciled or partial) become allocations at
 * once, oldest payment first, each up to what both sides still have open; suggestions are only
 * answered. repair_invoice corrects the invoice, reverses the allocations reconcile_invoice made
 * for it when the total changed (only those: manual allocations stay), and reconciles it again.
 */

/**
 * The rules reconcile_invoice uses, as a run does when none is named: the organization's default
 * rule set if it marked one, else the engine's default passes with its settings (tolerance, date
 * window, thresholds, δ) applied.
 */
async function organizationRuleSet(db: Db, organizationId: string): Promise<RuleSet> {
  const rule = await findDefaultRule(db, organizationId);
  if (rule) return { id: rule.id, passes: rule.passes };
  const { data: settings } = await getReconSettings(db, organizationId);
  return { id: 'default', passes: defaultPasses(settings) };
}

/** At most this many open payments take part (the most recent ones). */
const MAX_PAYMENTS = 20_000;

function recordOfDoc(doc: AccountingRow): EngineRecord | null {
  const date = parseDay(doc.issueDate);
  if (date === null || doc.openAmount <= 0n) return null;
  const record: EngineRecord = {
    id: doc.id,
    amount: doc.openAmount,
    currency: doc.currency,
    date,
    reference: [doc.number, doc.reference].filter(Boolean).join(' '),
  };
  if (doc.counterparty) record.counterparty = doc.counterparty;
  return record;
}

async function loadInvoice(db: Db, scope: ReconScope, id: string, lock: boolean): Promise<AccountingRow> {
  const invoice = await loadAccountingDocument(db, scope.organizationId, id, lock);
  if (invoice.kind !== 'invoice') {
    throw badRequest(
      `${invoice.number} is a ${invoice.kind.replace('_', ' ')}: reconcile_invoice takes an invoice`,
    );
  }
  return invoice;
}

export async function reconcileInvoiceIn(
  db: Db,
  scope: ReconScope,
  invoiceId: string,
  dryRun: boolean,
): Promise<ReconcileInvoiceResult> {
  const invoice = await loadInvoice(db, scope, invoiceId, !dryRun);
  const right = recordOfDoc(invoice);
  if (!right || invoice.status === 'void') return { invoice: toAccountingDto(invoice), matches: [] };
  const payments = await db
    .select()
    .from(accountingDocuments)
    .where(openDocumentsWhere(scope.organizationId, 'payment', invoice.currency))
    .orderBy(desc(accountingDocuments.issueDate))
    .limit(MAX_PAYMENTS);
  const byId = new Map(payments.map((p) => [p.id, p]));
  const left = payments.flatMap((p) => recordOfDoc(p) ?? []);
  const result = run(left, [right], await organizationRuleSet(db, scope.organizationId));
  const groups = result.groups.filter((g) => g.right.includes(invoice.id) && g.left.length > 0);

  const matches: ReconcileInvoiceResult['matches'] = [];
  let invoiceOpen = invoice.openAmount;
  for (const group of groups) {
    const groupPayments = group.left
      .flatMap((id) => byId.get(id) ?? [])
      .sort((a, b) =>
        a.issueDate === b.issueDate ? a.number.localeCompare(b.number) : a.issueDate < b.issueDate ? -1 : 1,
      );
    for (const payment of groupPayments) {
      const amount = payment.openAmount < invoiceOpen ? payment.openAmount : invoiceOpen;
      let allocationId: string | null = null;
      if (group.status !== 'suggested' && !dryRun && amount > 0n) {
        const made = await allocateIn(db, scope, payment.id, [{ invoice_id: invoice.id, amount }], {
          note: `reconcile_invoice: ${group.rule_id} (score ${group.score})`,
          source: 'reconcile_invoice',
        });
        allocationId = made.rows[0]?.id ?? null;
        if (!made.pending) invoiceOpen -= amount;
      } else if (group.status !== 'suggested') {
        invoiceOpen -= amount;
      }
      matches.push({
        payment_id: payment.id,
        payment_number: payment.number,
        amount: minor(amount),
        status: group.status,
        score: group.score,
        features: group.features,
        allocation_id: allocationId,
      });
    }
  }
  const after = dryRun ? invoice : await loadAccountingDocument(db, scope.organizationId, invoice.id);
  return { invoice: toAccountingDto(after), matches };
}

/** POST /v1/recon/reconcile_invoice. */
export async function reconcileInvoice(
  scope: ReconScope,
  invoiceId: string,
  options: { dryRun: boolean },
): Promise<ReconcileInvoiceResult> {
  if (options.dryRun) return reconcileInvoiceIn(scope.db, scope, invoiceId, true);
  return inTransaction(scope, (db) => reconcileInvoiceIn(db, scope, invoiceId, false));
}

/** Active allocations of this invoice that reconcile_invoice made (read from their audit entries). */
async function automaticAllocationsOf(db: Db, scope: ReconScope, invoiceId: string): Promise<string[]> {
  const rows = await db
    .select({ id: reconAllocations.id })
    .from(reconAllocations)
    .innerJoin(
      reconAudit,
      and(
        eq(reconAudit.targetId, reconAllocations.id),
        eq(reconAudit.action, 'allocation.created'),
        eq(sql`${reconAudit.after}->>'source'`, 'reconcile_invoice'),
      ),
    )
    .where(
      and(
        eq(reconAllocations.organizationId, scope.organizationId),
        eq(reconAllocations.invoiceId, invoiceId),
        inArray(reconAllocations.state, ['active']),
      ),
    );
  return rows.map((row) => row.id);
}

/** POST /v1/recon/repair_invoice: correct the fields, undo automatic allocations if the total moved, reconcile again. */
export async function repairInvoice(
  scope: ReconScope,
  input: z.infer<typeof repairInvoiceInputSchema>,
): Promise<ReconcileInvoiceResult> {
  if (Object.keys(input.fields).length === 0)
    throw badRequest('Give at least one field to correct', { fields: 'Empty' });
  return inTransaction(scope, async (db) => {
    const invoice = await loadInvoice(db, scope, input.invoice_id, true);
    const totalChanges = input.fields.total !== undefined && BigInt(input.fields.total) !== invoice.total;
    if (totalChanges) {
      for (const id of await automaticAllocationsOf(db, scope, invoice.id)) {
        await reverseAllocationIn(
          db,
          scope,
          id,
          `repair_invoice: the total changed from ${minor(invoice.total)} to ${input.fields.total}`,
        );
      }
    }
    try {
      await updateAccountingDocumentIn(db, scope, invoice.id, input.fields, {
        action: 'invoice.repaired',
        reason: input.reason,
      });
    } catch (error) {
      if ((error as { code?: string }).code === '23505')
        throw new AppError(409, `There is already an invoice numbered ${input.fields.number}`);
      throw error;
    }
    return reconcileInvoiceIn(db, scope, invoice.id, false);
  });
}
