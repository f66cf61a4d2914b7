import { useEffect } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useSessionStore } from '../../../shared/session/session-store.ts';
import { lastPair, rememberPair } from './last-pair.ts';
import { ReconWorkspace } from './workspace.tsx';
import { WorkspacePicker } from './workspace-picker.tsx';

/**
 * `/reconciliation/workspace?left_table_id=…&right_table_id=…[&mapping_id=…][&group=…]`: the two
 * tables side by side; without both tables, a picker to choose them. Opened bare (the sidebar's
 * Reconcile), it goes to the pair last opened; Change tables asks for the picker (`?pick=1`).
 */
export function ReconWorkspacePage() {
  const [params, setParams] = useSearchParams();
  const leftTableId = params.get('left_table_id') ?? '';
  const rightTableId = params.get('right_table_id') ?? '';
  const mappingId = params.get('mapping_id') ?? '';
  const groupId = params.get('group');
  const { search } = useLocation();
  const organizationId = useSessionStore((state) => state.organizationId);
  const open = Boolean(leftTableId && rightTableId && leftTableId !== rightTableId);

  useEffect(() => {
    if (!open) return;
    rememberPair(organizationId, {
      left_table_id: leftTableId,
      right_table_id: rightTableId,
      ...(mappingId ? { mapping_id: mappingId } : {}),
    });
  }, [open, organizationId, leftTableId, rightTableId, mappingId]);

  const last = search === '' ? lastPair(organizationId) : null;
  if (last) return <Navigate replace to={`?${new URLSearchParams({ ...last }).toString()}`} />;

  if (!open) {
    return (
      <WorkspacePicker
        initial={{ leftTableId, rightTableId, mappingId }}
        onOpen={(choice) => {
          const next = new URLSearchParams({
            left_table_id: choice.leftTableId,
            right_table_id: choice.rightTableId,
          });
          if (choice.mappingId) next.set('mapping_id', choice.mappingId);
          setParams(next);
        }}
      />
    );
  }
  return (
    <ReconWorkspace
      key={`${leftTableId}:${rightTableId}`}
      leftTableId={leftTableId}
      rightTableId={rightTableId}
      mappingId={mappingId}
      groupId={groupId}
      onGroup={(id) =>
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            if (id) next.set('group', id);
            else next.delete('group');
            return next;
          },
          { replace: true },
        )
      }
      onChangeTables={() => setParams(new URLSearchParams({ pick: '1' }))}
    />
  );
}
