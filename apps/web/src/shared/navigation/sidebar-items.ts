import type { ClientRoles } from '@counterpart/contracts';
import {
  ArrowLeftRight,
  FileStack,
  LayoutDashboard,
  type LucideIcon,
  Plug,
  ScanText,
  Settings,
  Sparkles,
  Table2,
  Users,
  Workflow,
} from 'lucide-react';
import { decideAccess, withProductKey } from '../session/route-access.ts';
import { accessOf, type RouteName } from './route-access-table.ts';

export interface NavItem {
  /** Stable key (the spec's key where it names one, e.g. onboard-file-models). */
  key: string;
  label: string;
  to: string;
  icon: LucideIcon;
  /** Spec route name whose access rule decides whether the item shows. */
  route: RouteName;
  /** A short line for the welcome page's shortcut cards. */
  summary: string;
}

export interface NavGroup {
  label: string | null;
  items: NavItem[];
}

/** Sidebar of spec §2: Welcome, then the Reconciliation, Data Sources and Account Management groups. */
export const NAV_GROUPS: NavGroup[] = [
  {
    label: null,
    items: [
      {
        key: 'dashboard',
        label: 'Welcome',
        to: '/dashboard',
        icon: Sparkles,
        route: 'dashboard',
        summary: 'Your starting point.',
      },
    ],
  },
  {
    label: 'Reconciliation',
    items: [
      {
        key: 'recon-dashboard',
        label: 'Dashboard',
        to: '/reconciliation/dashboard',
        icon: LayoutDashboard,
        route: 'recon-dashboard',
        summary: 'Match rate, open items and ageing across every source.',
      },
      {
        key: 'recon-workspace',
        label: 'Reconcile',
        to: '/reconciliation/workspace',
        icon: ArrowLeftRight,
        route: 'recon-workspace',
        summary: 'Match two tables side by side: suggestions, differences, adjustments.',
      },
      {
        key: 'workflows',
        label: 'Workflows',
        to: '/workflows',
        icon: Workflow,
        route: 'workflows',
        summary: 'Wire sources, extraction, matching and outputs together.',
      },
      {
        key: 'tables',
        label: 'Tables',
        to: '/tables',
        icon: Table2,
        route: 'tables',
        summary: 'Typed tables holding statement lines, ledgers and results.',
      },
      {
        key: 'documents',
        label: 'Documents',
        to: '/documents',
        icon: FileStack,
        route: 'documents',
        summary: 'Drop statements and invoices in; get rows out.',
      },
    ],
  },
  {
    label: 'Data Sources',
    items: [
      {
        key: 'onboard-file-models',
        label: 'Data Extraction',
        to: '/models/models',
        icon: ScanText,
        route: 'models',
        summary: 'Models that turn invoices and statements into fields.',
      },
      {
        key: 'integrations',
        label: 'Integrations',
        to: '/integrations',
        icon: Plug,
        route: 'integrations',
        summary: 'Connect your ERP to pull and post accounting documents.',
      },
    ],
  },
  {
    label: 'Account Management',
    items: [
      {
        key: 'team',
        label: 'My Team',
        to: '/my-team',
        icon: Users,
        route: 'team',
        summary: 'Members, groups and what each group may do.',
      },
      {
        key: 'system-settings',
        label: 'Account Settings',
        to: '/settings',
        icon: Settings,
        route: 'system-settings',
        summary: 'Organization profile, theme and reconciliation defaults.',
      },
    ],
  },
];

/** Whether a signed-in user with `roles` passes the access rule of the route (the sidebar's and breadcrumbs' rule). */
export function canOpenRoute(route: RouteName, roles: ClientRoles, productKey: string): boolean {
  const access = withProductKey(accessOf(route), productKey);
  return decideAccess(access, { authenticated: true, organization: 'chosen', roles }) === 'allow';
}

/** Whether a signed-in user with `roles` passes the access rule of the item's route. */
export function canOpen(item: NavItem, roles: ClientRoles, productKey: string): boolean {
  return canOpenRoute(item.route, roles, productKey);
}

/** The groups with only the items the user may open; a group left empty disappears. */
export function visibleNavGroups(groups: NavGroup[], roles: ClientRoles, productKey: string): NavGroup[] {
  return groups
    .map((group) => ({ ...group, items: group.items.filter((item) => canOpen(item, roles, productKey)) }))
    .filter((group) => group.items.length > 0);
}
