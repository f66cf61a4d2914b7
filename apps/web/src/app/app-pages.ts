import type { Params } from 'react-router';
import type { Crumb, PageRoute } from './route-handle.ts';

const WORKFLOWS: Crumb = { text: 'Workflows', to: '/workflows', route: 'workflows' };
const TEAMS: Crumb = { text: 'Manage Teams', to: '/my-team', route: 'team' };
const executionHistory = (params: Params): Crumb => ({
  text: 'Execution History',
  to: `/workflows/executions/${params.id ?? ''}`,
});

/** App-layout pages of spec §2 (dashboard, reconciliation, workflows, settings, team): heading, crumbs, page. */
export const APP_PAGES: PageRoute[] = [
  {
    name: 'dashboard',
    path: '/dashboard',
    title: 'Welcome',
    ownHeading: true,
    page: () => import('../features/welcome/welcome-page.tsx').then((m) => ({ Component: m.WelcomePage })),
  },
  {
    name: 'recon-dashboard',
    path: '/reconciliation/dashboard',
    title: 'Reconciliation Dashboard',
    crumbs: () => [{ text: 'Reconciliation Dashboard' }],
    page: () =>
      import('../features/recon/recon-dashboard-page.tsx').then((m) => ({ Component: m.ReconDashboardPage })),
  },
  {
    name: 'recon-workspace',
    path: '/reconciliation/workspace',
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
    title: 'Reconciliation Rules',
    crumbs: () => [{ text: 'Reconciliation Rules' }],
    page: () =>
      import('../features/recon/rules/rules-page.tsx').then((m) => ({ Component: m.ReconRulesPage })),
  },
  {
    name: 'recon-rules-edit',
    path: '/reconciliation/rules/:ruleId',
    title: 'Rule Set',
    crumbs: () => [{ text: 'Reconciliation Rules', to: '/reconciliation/rules' }, { text: 'Rule Set' }],
    page: () =>
      import('../features/recon/rules/rule-editor-page.tsx').then((m) => ({ Component: m.RuleEditorPage })),
  },
  {
    name: 'workflows',
    path: '/workflows',
    title: 'Workflows',
    crumbs: () => [{ text: 'Workflows' }],
    page: () =>
      import('../features/workflows/workflows-page.tsx').then((m) => ({ Component: m.WorkflowsPage })),
  },
  {
    name: 'workflows-manage',
    path: '/workflows/manage-workflow',
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
    title: 'Account Settings',
    crumbs: () => [{ text: 'Account Settings' }],
    page: () => import('../features/settings/settings-page.tsx').then((m) => ({ Component: m.SettingsPage })),
  },
  {
    name: 'team',
    path: '/my-team',
    title: 'Manage Teams',
    crumbs: () => [{ text: 'Manage Teams' }],
    page: () => import('../features/team/team-page.tsx').then((m) => ({ Component: m.TeamPage })),
  },
  {
    name: 'team-roles',
    path: '/my-team/groups/:groupId/roles',
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
    title: 'View User',
    crumbs: () => [TEAMS, { text: 'View User' }],
    page: () => import('../features/team/view-user-page.tsx').then((m) => ({ Component: m.ViewUserPage })),
  },
  {
    name: 'unauthorized',
    path: '/unauthorized',
    title: 'Unauthorized',
    crumbs: () => [{ text: 'Unauthorized' }],
    page: () => import('./pages/unauthorized-page.tsx').then((m) => ({ Component: m.UnauthorizedPage })),
  },
];
