import {
  checkRuleSet,
  defaultRuleSet,
  type ReconRule,
  type ReconSettings,
  type RuleInput,
  type RulePass,
  ruleSetIssueKey,
} from '@counterpart/contracts';
import { and, count, desc, eq, ilike, ne } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { reconRules } from '../../../db/schema.ts';
import { isUniqueViolation } from '../../../db/unique-violation.ts';
import { AppError, badRequest, notFound } from '../../../errors.ts';
import { listPage, pageOffset } from '../shared/list-page.ts';
import { loadOrganizationRow } from '../shared/organization-rows.ts';
import { recordReconAudit } from '../shared/recon-audit.ts';
import type { ReconScope } from '../shared/recon-scope.ts';
import { getReconSettings } from '../shared/settings.service.ts';

type RuleRow = typeof reconRules.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function ruleView(row: RuleRow): ReconRule {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    passes: row.passes,
    is_default: row.isDefault,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Checks passes with the rule set's contract, as the engine does: a 400 whose details name the pass
 * and field of the first problem (`passes[2] (tolerance).auto_accept: must be a number between 0 and 1`).
 */
export function checkPasses(passes: unknown[]): RulePass[] {
  const ruleSet = { id: 'rules', passes };
  const check = checkRuleSet(ruleSet);
  if (check.ok) return check.ruleSet.passes;
  const where = ruleSetIssueKey(check.issue, ruleSet);
  const key = where === 'rules' ? 'passes' : where;
  throw badRequest(`Invalid rule set: ${where}: ${check.issue.message}`, { [key]: check.issue.message });
}

/**
 * The engine's default passes with the organization's settings applied: the tolerance pass takes
 * the settings' amount tolerance, thresholds and δ; every 1:1 pass the date window.
 */
export function defaultPasses(settings: ReconSettings): RulePass[] {
  const window = {
    days_before: settings.date_window.days_before,
    days_after: settings.date_window.days_after,
  };
  return defaultRuleSet().passes.map((pass) => {
    if (pass.kind === 'exact') return { ...pass, date_window: window };
    if (pass.kind === 'scored' && pass.id === 'tolerance') {
      return {
        ...pass,
        date_window: window,
        // The pass's cap (max_percent) stays: a KES 500 allowance never lets a KES 300 invoice match 700.
        amount_tolerance: {
          ...pass.amount_tolerance,
          absolute: Number(settings.amount_tolerance.absolute),
          percent: settings.amount_tolerance.percent,
        },
        auto_accept: settings.auto_accept,
        suggest: Math.min(settings.suggest, settings.auto_accept),
        ambiguity_gap: settings.ambiguity_gap,
      };
    }
    if (pass.kind === 'scored') {
      return {
        ...pass,
        date_window: window,
        ambiguity_gap: Math.max(pass.ambiguity_gap, settings.ambiguity_gap),
      };
    }
    return pass;
  });
}

export async function getDefaultPasses(scope: ReconScope): Promise<RulePass[]> {
  const { data } = await getReconSettings(scope.db, scope.organizationId);
  return defaultPasses(data);
}

async function loadRule(db: Db, organizationId: string, ruleId: string): Promise<RuleRow> {
  if (!UUID.test(ruleId)) throw notFound('Rule set not found');
  return loadOrganizationRow(db, reconRules, organizationId, ruleId, 'Rule set not found');
}

export async function getRule(scope: ReconScope, ruleId: string): Promise<ReconRule> {
  return ruleView(await loadRule(scope.db, scope.organizationId, ruleId));
}

/** The rule set a run uses when none is named, if the organization marked one. */
export async function findDefaultRule(db: Db, organizationId: string): Promise<RuleRow | null> {
  const [row] = await db
    .select()
    .from(reconRules)
    .where(and(eq(reconRules.organizationId, organizationId), eq(reconRules.isDefault, true)));
  return row ?? null;
}

export async function loadRuleRow(db: Db, organizationId: string, ruleId: string): Promise<RuleRow> {
  return loadRule(db, organizationId, ruleId);
}

export async function listRules(
  scope: ReconScope,
  query: { page_no: number; page_size: number; search?: string | undefined },
) {
  const where = and(
    eq(reconRules.organizationId, scope.organizationId),
    query.search
      ? ilike(reconRules.name, `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
      : undefined,
  );
  const rows = await scope.db
    .select()
    .from(reconRules)
    .where(where)
    .orderBy(desc(reconRules.isDefault), reconRules.name)
    .limit(query.page_size)
    .offset(pageOffset(query));
  const [total] = await scope.db.select({ n: count() }).from(reconRules).where(where);
  return listPage(rows.map(ruleView), query, total?.n ?? 0);
}

function duplicateName(name: string): AppError {
  return new AppError(409, `A rule set named "${name}" already exists`, {
    name: 'Choose another name',
  });
}

async function saveRule(scope: ReconScope, input: RuleInput, ruleId: string | null): Promise<ReconRule> {
  const passes = checkPasses(input.passes);
  try {
    return await scope.db.transaction(async (db) => {
      const before = ruleId ? await loadRule(db, scope.organizationId, ruleId) : null;
      if (input.is_default) {
        await db
          .update(reconRules)
          .set({ isDefault: false })
          .where(
            and(
              eq(reconRules.organizationId, scope.organizationId),
              eq(reconRules.isDefault, true),
              ruleId ? ne(reconRules.id, ruleId) : undefined,
            ),
          );
      }
      const values = {
        name: input.name,
        description: input.description,
        passes,
        isDefault: input.is_default,
      };
      const [row] = before
        ? await db
            .update(reconRules)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(reconRules.id, before.id))
            .returning()
        : await db
            .insert(reconRules)
            .values({ ...values, organizationId: scope.organizationId, createdBy: scope.actor.userId })
            .returning();
      if (!row) throw new Error('The rule set was not saved');
      await recordReconAudit(db, {
        organizationId: scope.organizationId,
        actor: scope.actor,
        action: 'rules.saved',
        targetType: 'rule',
        targetId: row.id,
        ruleId: row.id,
        before: before ? ruleView(before) : null,
        after: ruleView(row),
      });
      return ruleView(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(input.name);
    throw error;
  }
}

export function createRule(scope: ReconScope, input: RuleInput): Promise<ReconRule> {
  return saveRule(scope, input, null);
}

export function updateRule(scope: ReconScope, ruleId: string, input: RuleInput): Promise<ReconRule> {
  return saveRule(scope, input, ruleId);
}

export async function deleteRule(scope: ReconScope, ruleId: string): Promise<void> {
  await scope.db.transaction(async (db) => {
    const row = await loadRule(db, scope.organizationId, ruleId);
    await db.delete(reconRules).where(eq(reconRules.id, row.id));
    await recordReconAudit(db, {
      organizationId: scope.organizationId,
      actor: scope.actor,
      action: 'rules.deleted',
      targetType: 'rule',
      targetId: row.id,
      ruleId: row.id,
      before: ruleView(row),
    });
  });
}
