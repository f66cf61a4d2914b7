import type { ClientRoles } from '@counterpart/contracts';
import { rolesFromToken } from '@counterpart/domain';
import { create } from 'zustand';
import {
  CURRENT_ORGANIZATION_KEY,
  chooseOrganization,
  organizationsFromToken,
  type TokenOrganization,
} from './organization-choice.ts';
import type { OrganizationStatus } from './route-access.ts';

export interface SessionUser {
  fullName: string;
  firstName: string;
  email: string;
  username: string;
}

export type SessionDialog = 'session-expired' | 'permissions-changed';

/** loading: keycloak-js is starting; ready: signed in or not; failed: the adapter could not start. */
export type SessionStatus = 'loading' | 'ready' | 'failed';

export interface SessionState {
  status: SessionStatus;
  failure: string | null;
  authenticated: boolean;
  productKey: string;
  user: SessionUser | null;
  organizations: TokenOrganization[];
  organizationId: string | null;
  organizationStatus: OrganizationStatus;
  roles: ClientRoles;
  dialog: SessionDialog | null;
}

export const NO_ROLES: ClientRoles = { management: [], recon: [] };

export const useSessionStore = create<SessionState>()(() => ({
  status: 'loading',
  failure: null,
  authenticated: false,
  productKey: 'counterpart',
  user: null,
  organizations: [],
  organizationId: null,
  organizationStatus: 'none',
  roles: NO_ROLES,
  dialog: null,
}));

export function clientsFor(productKey: string): { management: string; recon: string } {
  return { management: `${productKey}_management`, recon: `${productKey}_recon` };
}

export function readStoredOrganization(): string | null {
  try {
    return localStorage.getItem(CURRENT_ORGANIZATION_KEY);
  } catch {
    return null;
  }
}

export function storeOrganization(organizationId: string): void {
  localStorage.setItem(CURRENT_ORGANIZATION_KEY, organizationId);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** The user block's data from the decoded token (spec §3 "Login token" / "Login user"). */
export function userFromToken(token: Record<string, unknown>): SessionUser {
  const username = text(token.preferred_username);
  const fullName =
    text(token.name) || [text(token.given_name), text(token.family_name)].filter(Boolean).join(' ') || '';
  const firstName = text(token.given_name) || fullName.split(/\s+/)[0] || username;
  return { fullName, firstName, email: text(token.email), username };
}

/** Organizations, the current one and its roles, for a decoded token and the stored choice. */
export function organizationStateFor(
  token: Record<string, unknown>,
  storedId: string | null,
  productKey: string,
): Pick<SessionState, 'organizations' | 'organizationId' | 'organizationStatus' | 'roles'> {
  const organizations = organizationsFromToken(token);
  const choice = chooseOrganization(
    organizations.map((organization) => organization.id),
    storedId,
  );
  const organizationId = choice.status === 'chosen' ? choice.id : null;
  const roles =
    choice.status === 'select' ? NO_ROLES : rolesFromToken(token, organizationId, clientsFor(productKey));
  return { organizations, organizationId, organizationStatus: choice.status, roles };
}

/** Same roles, whatever their order. */
export function sameRoles(a: ClientRoles, b: ClientRoles): boolean {
  const key = (roles: ClientRoles) => JSON.stringify([[...roles.management].sort(), [...roles.recon].sort()]);
  return key(a) === key(b);
}

export function showSessionDialog(dialog: SessionDialog): void {
  const current = useSessionStore.getState().dialog;
  // An expired session outranks a permission change: the user must sign in again first.
  if (current === 'session-expired') return;
  useSessionStore.setState({ dialog });
}
