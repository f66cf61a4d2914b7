import type { WorkflowGraph } from '@counterpart/contracts';
import type { Db } from '../../db/database.ts';
import { AppError, badRequest } from '../../errors.ts';
import { loadRuleRow } from '../recon/rules/rules.service.ts';
import { loadTable } from '../tables/tables.service.ts';
import { BLOCKS } from './block-catalog.ts';

/** What a parameter of this type names, and how to find it in the organization. */
const REFERENCES: Record<
  string,
  { what: string; find: (db: Db, organizationId: string, id: string) => Promise<unknown> }
> = {
  table: { what: 'a table', find: loadTable },
  rule_set: { what: 'a rule set', find: loadRuleRow },
};

/** Values that name no saved record: empty, or the organization's default rules. */
const NAMES_NOTHING = new Set(['', 'default']);

/**
 * Refuses a graph whose blocks name a table or rule set the organization does not have (another
 * organization's included: it is not found, the same as a made-up id), with 400 naming the block
 * and the field (`graph.<node id>.<parameter>`). Checked when saved, not only when run.
 */
export async function checkGraphReferences(
  db: Db,
  organizationId: string,
  graph: WorkflowGraph,
): Promise<void> {
  const details: Record<string, string> = {};
  let first: string | null = null;
  for (const node of graph.nodes) {
    const block = BLOCKS.find((candidate) => candidate.type === node.type);
    for (const parameter of block?.parameters ?? []) {
      const reference = REFERENCES[parameter.type];
      const value = node.parameters?.[parameter.name];
      if (!reference || value === undefined || value === null) continue;
      if (typeof value === 'string' && NAMES_NOTHING.has(value.trim())) continue;
      const found =
        typeof value === 'string' &&
        (await reference.find(db, organizationId, value).then(
          () => true,
          (error: unknown) => {
            if (error instanceof AppError && error.status === 404) return false;
            throw error;
          },
        ));
      if (found) continue;
      const message = `is not ${reference.what} of this organization`;
      details[`graph.${node.id}.${parameter.name}`] = message;
      first ??= `block "${node.label || block?.name || node.id}": ${parameter.label} ${message}`;
    }
  }
  if (first) throw badRequest(`The workflow cannot be saved: ${first}`, details);
}
