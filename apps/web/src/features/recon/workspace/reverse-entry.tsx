import type { GroupDetailResponse, ReconAuditEntry } from '@counterpart/contracts';
import { useState } from 'react';
import { useAllocation, useReconGroup } from './recon-api.ts';
import {
  adjustmentTarget,
  allocationTarget,
  ReverseButton,
  ReverseDialog,
  type ReverseTarget,
  type SideText,
} from './reverse-dialog.tsx';

/** Audit actions whose entry stands for a write-off or an allocation that a trail offers to reverse. */
const REVERSIBLE = new Set(['adjustment.created', 'allocation.created']);

/** Whether an audit entry created a write-off or allocation that is still active (so it can be reversed). */
export function offersReverse(
  entry: Pick<ReconAuditEntry, 'action' | 'target_id' | 'target_state'>,
): boolean {
  return REVERSIBLE.has(entry.action) && entry.target_state === 'active' && Boolean(entry.target_id);
}

/**
 * The write-off or allocation an audit entry created, as the Reverse dialog names it, when it is still
 * active: found in its group's detail, or (an allocation made outside a group) read by its id.
 */
export function entryTarget(
  entry: Pick<ReconAuditEntry, 'action' | 'target_id' | 'target_state'>,
  detail: GroupDetailResponse | undefined,
  allocation: GroupDetailResponse['allocations'][number] | undefined,
  sides?: { left: SideText; right: SideText },
): ReverseTarget | null {
  if (!offersReverse(entry)) return null;
  if (entry.action === 'adjustment.created') {
    const found = detail?.adjustments.find((candidate) => candidate.id === entry.target_id);
    return found?.state === 'active' ? adjustmentTarget(found, detail, sides) : null;
  }
  const found = detail?.allocations.find((candidate) => candidate.id === entry.target_id) ?? allocation;
  return found?.id === entry.target_id && found.state === 'active' ? allocationTarget(found) : null;
}

export interface ReverseEntryActionProps {
  entry: ReconAuditEntry;
  /** The workspace's two tables, to name a write-off's rows as the lists do. */
  sides?: { left: SideText; right: SideText } | undefined;
}

/** Loads what an entry created and offers Reverse on it (only rendered for users who may reverse). */
function LoadedReverseAction({ entry, sides }: ReverseEntryActionProps) {
  const [open, setOpen] = useState(false);
  const group = useReconGroup(entry.group_id);
  const loose = entry.action === 'allocation.created' && !entry.group_id ? entry.target_id : null;
  const allocation = useAllocation(loose);
  const target = entryTarget(entry, group.data, allocation.data?.data[0], sides);
  if (!target) return null;
  return (
    <>
      <ReverseButton label={`Reverse: ${target.what}`} onClick={() => setOpen(true)} />
      {open && (
        <ReverseDialog target={target} onClose={() => setOpen(false)} onReversed={() => setOpen(false)} />
      )}
    </>
  );
}

/** The Reverse action of an audit trail's entry: nothing unless it created a write-off or allocation still active. */
export function ReverseEntryAction({ entry, sides }: ReverseEntryActionProps) {
  return offersReverse(entry) ? <LoadedReverseAction entry={entry} sides={sides} /> : null;
}
