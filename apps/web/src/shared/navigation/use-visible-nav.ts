import { useMemo } from 'react';
import { useSessionStore } from '../session/session-store.ts';
import { NAV_GROUPS, type NavGroup, visibleNavGroups } from './sidebar-items.ts';

/** The sidebar groups filtered by the current organization's roles. */
export function useVisibleNav(): NavGroup[] {
  const roles = useSessionStore((state) => state.roles);
  const productKey = useSessionStore((state) => state.productKey);
  return useMemo(() => visibleNavGroups(NAV_GROUPS, roles, productKey), [roles, productKey]);
}
