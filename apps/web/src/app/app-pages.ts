import type { Params } from 'react-router';
import { type RouteAccess, requires } from './route-access.ts';
import type { Crumb, PageRoute } from './route-handle.ts';

const signedIn: RouteAccess = { kind: 'signed-in' };
const WORKFLOWS: Crumb = { text: 'Workflows', to: '/workflows' };
const TEAMS: Crumb = { text: 'Manage Teams', to: '/my-team' };
const executionHistory = (params: Params): Crumb => ({
  text: 'Execution History',
  to: `/workflows/executions/${params.id ?? ''}`,
});

/** App-layout pages of spec §2 (dashboard, reconciliation, workflows, settings, team): access, heading, crumbs. */
export const APP_PAGES: PageRoute[] = [
  {
    name: 'dashboard',
    path: '/dashboard',
    access: signedIn,
    title: 'Welcome',
    ownHeading: true,
    page: () => import('../features/welcome/welcome-page.tsx').then((m) => ({ Component: m.WelcomePage })),
  },
  {
    name: 'recon-dashboard',
    path: '/reconciliation/dashboard',
    access: requires('reports', 'read'),
    title: 'Reconciliation Dashboard',
    crumbs: () => [{ text: 'Reconciliation Dashboard' }],
    page: () =>
      import('../features/recon/recon-dashboard-page.tsx').then((m) => ({ Component: m.ReconDashboardPage })),
  },
  {
    name: 'recon-workspace',
    path: '/reconciliation/workspace',
    access: requires('workflow', 'read'),
    title: 'Reconciliation Workspace',
    crumbs: () => [{ text: 'Reconciliation Workspace' }],
    page: () =>
      import('../features/recon/workspace/workspace-page.tsx').then((m) => ({
        Component: m.ReconWorkspacePage,
      })),
  },
  {
    name: 'recon-rules',
    path: '/reconciliation/rules',
    access: requires('workflow', 'read'),
    title: 'Reconciliation Rules',
    crumbs: () => [{ text: 'Reconciliation Rules' }],
    page: () =>
      import('../features/recon/rules/rules-page.tsx').then((m) => ({ Component: m.ReconRulesPage })),
  },
  {
    name: 'recon-rules-edit',
    path: '/reconciliation/rules/:ruleId',
    access: requires('workflow', 'read'),
    title: 'Rule Set',
    crumbs: () => [{ text: 'Reconciliation Rules', to: '/reconciliation/rules' }, { text: 'Rule Set' }],
    page: () =>
      import('../features/recon/rules/rule-editor-page.tsx').then((m) => ({ Component: m.RuleEditorPage })),
  },
  {
    name: 'workflows',
    path: '/workflows',
    access: requires('workflow', 'read'),
    title: 'Workflows',
    crumbs: () => [{ text: 'Workflows' }],
    page: () =>
      import('../features/workflows/workflows-page.tsx').then((m) => ({ Component: m.WorkflowsPage })),
  },
  {
    name: 'workflows-manage',
    path: '/workflows/manage-workflow',
    access: requires('workflow', 'create'),
    title: 'Manage and Update Workflow',
    crumbs: () => [WORKFLOWS, { text: 'Manage and Update Workflow' }],
    page: () =>
      import('../features/workflows/manage-workflow-page.tsx').then((m) => ({
        Component: m.ManageWorkflowPage,
      })),
  },
  {
    name: 'workflows-workflow-view',
    path: '/workflows/manage-workflow/:id',
    access: requires('workflow', 'update'),
    title: 'Manage and Update Workflow',
    crumbs: () => [WORKFLOWS, { text: 'Manage and Update Workflow' }],
    page: () =>
      import('../features/workflows/update-workflow-page.tsx').then((m) => ({
        Component: m.UpdateWorkflowPage,
      })),
  },
  {
    name: 'workflows-view',
    path: '/workflows/executions/:id',
    access: requires('workflow', 'read'),
    title: 'Execution History',
    crumbs: () => [WORKFLOWS, { text: 'Execution History' }],
    page: () =>
      import('../features/workflows/execution-history-page.tsx').then((m) => ({
        Component: m.ExecutionHistoryPage,
      })),
  },
  {
    name: 'workflows-view-dashboards',
    path: '/workflows/executions/:id/dashboards',
    access: requires('workflow', 'read'),
    title: 'Dashboards',
    crumbs: (params) => [WORKFLOWS, executionHistory(params), { text: 'Dashboards' }],
    page: () =>
      import('../features/workflows/execution-dashboards-page.tsx').then((m) => ({
        Component: m.ExecutionDashboardsPage,
      })),
  },
  {
    name: 'workflows-view-dashboards-detail',
    path: '/workflows/executions/:id/dashboards/:dashboard_id',
    access: requires('workflow', 'read'),
    title: 'Dashboard Detail',
    crumbs: (params) => [
      WORKFLOWS,
      executionHistory(params),
      { text: 'Dashboards', to: `/workflows/executions/${params.id ?? ''}/dashboards` },
      { text: 'Detail' },
    ],
    page: () =>
      import('../features/workflows/execution-dashboard-detail-page.tsx').then((m) => ({
        Component: m.ExecutionDashboardDetailPage,
      })),
  },
  {
    name: 'system-settings',
    path: '/settings',
    access: requires('settings', 'read'),
    title: 'Account Settings',
    crumbs: () => [{ text: 'Account Settings' }],
    page: () => import('../features/settings/settings-page.tsx').then((m) => ({ Component: m.SettingsPage })),
  },
  {
    name: 'team',
    path: '/my-team',
    access: requires('teams', 'read'),
    title: 'Manage Teams',
    crumbs: () => [{ text: 'Manage Teams' }],
    page: () => import('../features/team/team-page.tsx').then((m) => ({ Component: m.TeamPage })),
  },
  {
    name: 'team-roles',
    path: '/my-team/groups/:groupId/roles',
    access: requires('team-roles', 'read'),
    title: 'Group Permissions',
    crumbs: () => [TEAMS, { text: 'Group Permissions' }],
    page: () =>
      import('../features/team/group-permissions-page.tsx').then((m) => ({
        Component: m.GroupPermissionsPage,
      })),
  },
  {
    name: 'team-user',
    path: '/my-team/users/:userId',
    access: requires('team-users', 'read'),
    title: 'View User',
    crumbs: () => [TEAMS, { text: 'View User' }],
    page: () => import('../features/team/view-user-page.tsx').then((m) => ({ Component: m.ViewUserPage })),
  },
  {
    name: 'unauthorized',
    path: '/unauthorized',
    access: signedIn,
    title: 'Unauthorized',
    crumbs: () => [{ text: 'Unauthorized' }],
    page: () => import('./pages/unauthorized-page.tsx').then((m) => ({ Component: m.UnauthorizedPage })),
  },
];
