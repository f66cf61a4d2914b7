import { type Action, can } from '@counterpart/domain';
import { useSessionStore } from './session-store.ts';

/** `useCan('create', 'workflow')`: whether the current user may, in the current organization (spec §6). */
export function useCan(action: Action, resource: string): boolean {
  const roles = useSessionStore((state) => state.roles);
  const productKey = useSessionStore((state) => state.productKey);
  return can(roles, action, resource.replace('{product}', productKey));
}
