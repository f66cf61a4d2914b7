import { type RouteAccess, requires } from '../session/route-access.ts';

const guest: RouteAccess = { kind: 'guest' };
const signedIn: RouteAccess = { kind: 'signed-in' };
const anyone: RouteAccess = { kind: 'public' };

/**
 * Who may open each route, by its spec name (§2 table). The route table (app/) gives each page its rule from
 * here, and the sidebar shows an item only when its route passes, without loading the page list.
 */
export const ROUTE_ACCESS = {
  // Flat-layout pages: the guest pages, select-organization and the not-found page.
  overview: guest,
  signup: guest,
  forgotPassword: guest,
  resetPassword: guest,
  // Not guest-only: a signed-in invitee accepts here too (a new one creates an account, then signs in).
  'accept-invite': anyone,
  'select-organization': { kind: 'organization-choice' },
  'not-found': anyone,
  // App-layout pages: dashboard, reconciliation, workflows, settings, team.
  dashboard: signedIn,
  'recon-dashboard': requires('reports', 'read'),
  'recon-workspace': requires('workflow', 'read'),
  'recon-rules': requires('workflow', 'read'),
  'recon-rules-edit': requires('workflow', 'read'),
  workflows: requires('workflow', 'read'),
  'workflows-manage': requires('workflow', 'create'),
  'workflows-workflow-view': requires('workflow', 'update'),
  'workflows-view': requires('workflow', 'read'),
  'workflows-view-dashboards': requires('workflow', 'read'),
  'workflows-view-dashboards-detail': requires('workflow', 'read'),
  'system-settings': requires('settings', 'read'),
  team: requires('teams', 'read'),
  'team-roles': requires('team-roles', 'read'),
  'team-user': requires('team-users', 'read'),
  unauthorized: signedIn,
  // Data sources: extraction models, tables, documents, integrations.
  models: requires('models', 'read'),
  'models-executions': requires('models', 'read'),
  'models-create': requires('models', 'create'),
  'models-view': requires('models', 'read'),
  'models-test': requires('models', 'read'),
  'models-executions-view': requires('models', 'read'),
  'models-ai-view': requires('models', 'read'),
  tables: requires('workflow', 'read'),
  'tables-create': requires('{product}_table', 'create'),
  'tables-view': requires('{product}_table', 'read'),
  documents: requires('{product}_documents', 'read'),
  'documents-view': requires('{product}_documents', 'read'),
  integrations: requires('integrations', 'read'),
} satisfies Record<string, RouteAccess>;

/** A route's spec name. */
export type RouteName = keyof typeof ROUTE_ACCESS;

/** The access rule of a page by its spec name (the sidebar shows an item only when its route passes). */
export function accessOf(name: string): RouteAccess {
  if (!Object.hasOwn(ROUTE_ACCESS, name)) throw new Error(`Unknown route name: ${name}`);
  return ROUTE_ACCESS[name as RouteName];
}
