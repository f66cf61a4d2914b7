import type { OrganizationAttributes } from '@counterpart/contracts';

/** One organization of the signed-in user, read from the access token's `organization` claim. */
export interface TokenOrganization {
  id: string;
  name: string;
  attributes: OrganizationAttributes;
}

export type OrganizationChoice = { status: 'chosen'; id: string } | { status: 'select' } | { status: 'none' };

/** localStorage key of the current organization id. */
export const CURRENT_ORGANIZATION_KEY = 'counterpart-organization';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readAttributes(value: unknown): OrganizationAttributes {
  if (!isRecord(value)) return {};
  const attributes: OrganizationAttributes = {};
  for (const [key, list] of Object.entries(value)) {
    if (Array.isArray(list))
      attributes[key] = list.filter((item): item is string => typeof item === 'string');
  }
  return attributes;
}

/** The organizations of a decoded access token, in claim order; a malformed claim yields none. */
export function organizationsFromToken(token: unknown): TokenOrganization[] {
  if (!isRecord(token) || !isRecord(token.organization)) return [];
  return Object.entries(token.organization).map(([id, value]) => {
    const entry = isRecord(value) ? value : {};
    return {
      id,
      name: typeof entry.name === 'string' && entry.name.trim() ? entry.name : id,
      attributes: readAttributes(entry.attributes),
    };
  });
}

/**
 * Spec §6: the stored organization when the user still belongs to it; otherwise automatic when the user has
 * exactly one; with several and none (valid) stored the user must select; with none there is nothing to choose.
 */
export function chooseOrganization(organizationIds: string[], storedId: string | null): OrganizationChoice {
  if (storedId !== null && organizationIds.includes(storedId)) return { status: 'chosen', id: storedId };
  const [first, ...others] = organizationIds;
  if (first === undefined) return { status: 'none' };
  if (others.length === 0) return { status: 'chosen', id: first };
  return { status: 'select' };
}
