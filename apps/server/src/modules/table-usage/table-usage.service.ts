import type { TableUsage } from '@counterpart/contracts';
import type { RequestScope } from '../../http/request-scope.ts';
import { reconUseOfTable } from '../recon/table-users.service.ts';
import { listMappings } from '../tables/associations.service.ts';
import { loadTable } from '../tables/tables.service.ts';
import { workflowsNamingTable } from '../workflows/table-users.service.ts';

const ALL_MAPPINGS = 500;

/**
 * What uses a table of the caller's organization (404 for another's): its rows, the association
 * mappings and match groups pairing it (deleted with it), the workflows naming it and the rule sets
 * its runs used (kept). Composed here, above the tables, recon and workflows modules, which each
 * answer for their own records.
 */
export async function tableUsage(scope: RequestScope, tableId: string): Promise<TableUsage> {
  const table = await loadTable(scope.db, scope.organizationId, tableId);
  const [mappings, workflows, recon] = await Promise.all([
    listMappings(scope, { page_no: 1, page_size: ALL_MAPPINGS, table_id: tableId }),
    workflowsNamingTable(scope.db, scope.organizationId, tableId),
    reconUseOfTable(scope.db, scope.organizationId, tableId),
  ]);
  return {
    rows: table.rowCount,
    mappings: mappings.data.map(({ id, name }) => ({ id, name })),
    workflows,
    rule_sets: recon.rule_sets,
    match_groups: recon.match_groups,
  };
}
