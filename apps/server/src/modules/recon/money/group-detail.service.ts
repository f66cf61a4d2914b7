import type { GroupDetailResponse } from '@counterpart/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { reconAdjustments } from '../../../db/schema.ts';
import type { ReconScope } from '../shared/recon-scope.ts';
import { getGroup } from '../workspace/groups.service.ts';
import { toAdjustmentDto } from './adjustments.service.ts';
import { listGroupAllocations } from './allocations.service.ts';

/**
 * GET /v1/recon/groups/:groupId: a group with the adjustments written against it and the allocations
 * made with it (every state, oldest first, each with who decided it, when and why), 404 when it is
 * not one of the organization's.
 */
export async function getGroupDetail(scope: ReconScope, groupId: string): Promise<GroupDetailResponse> {
  const data = await getGroup(scope.db, scope.organizationId, groupId);
  const rows = await scope.db
    .select()
    .from(reconAdjustments)
    .where(
      and(eq(reconAdjustments.groupId, groupId), eq(reconAdjustments.organizationId, scope.organizationId)),
    )
    .orderBy(asc(reconAdjustments.createdAt), asc(reconAdjustments.id));
  const [adjustments, allocations] = await Promise.all([
    toAdjustmentDto(scope.db, rows),
    listGroupAllocations(scope.db, scope.organizationId, groupId),
  ]);
  return { data, adjustments, allocations };
}
