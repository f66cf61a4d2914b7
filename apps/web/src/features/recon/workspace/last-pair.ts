/**
 * The pair of tables last opened in the workspace, per organization (localStorage), so the
 * sidebar's Reconcile opens it again instead of an empty picker.
 */

export interface LastPair {
  left_table_id: string;
  right_table_id: string;
  mapping_id?: string;
}

const keyOf = (organizationId: string) => `counterpart-last-workspace:${organizationId}`;

export function rememberPair(
  organizationId: string | null,
  pair: LastPair,
  storage: Storage = localStorage,
): void {
  if (!organizationId) return;
  try {
    storage.setItem(keyOf(organizationId), JSON.stringify(pair));
  } catch {
    // Storage full or blocked: the picker opens next time, as before.
  }
}

export function lastPair(organizationId: string | null, storage: Storage = localStorage): LastPair | null {
  if (!organizationId) return null;
  try {
    const value = JSON.parse(storage.getItem(keyOf(organizationId)) ?? 'null') as Partial<LastPair> | null;
    if (!value || typeof value.left_table_id !== 'string' || typeof value.right_table_id !== 'string')
      return null;
    if (!value.left_table_id || value.left_table_id === value.right_table_id) return null;
    return {
      left_table_id: value.left_table_id,
      right_table_id: value.right_table_id,
      ...(typeof value.mapping_id === 'string' && value.mapping_id ? { mapping_id: value.mapping_id } : {}),
    };
  } catch {
    return null;
  }
}
