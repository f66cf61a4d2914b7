import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { accessOf } from '../shared/navigation/route-access-table.ts';
import type { RouteAccess } from '../shared/session/route-access.ts';
import type { RouteHandle } from './route-handle.ts';
import { layoutRoutes } from './route-table.ts';

const routes: RouteObject[] = [{ path: '/', children: layoutRoutes }];

function handleAt(pathname: string): RouteHandle | undefined {
  const leaf = matchRoutes(routes, pathname)?.at(-1);
  return leaf?.route.handle as RouteHandle | undefined;
}

const read = (resource: string): RouteAccess => ({
  kind: 'permission',
  permissions: [{ resource, actions: ['read'] }],
});
const create = (resource: string): RouteAccess => ({
  kind: 'permission',
  permissions: [{ resource, actions: ['create'] }],
});

describe('route table (spec §2)', () => {
  it.each([
    ['/', 'overview', { kind: 'guest' }],
    ['/dashboard', 'dashboard', { kind: 'signed-in' }],
    ['/reconciliation/dashboard', 'recon-dashboard', read('reports')],
    ['/reconciliation/workspace', 'recon-workspace', read('workflow')],
    ['/reconciliation/rules', 'recon-rules', read('workflow')],
    ['/reconciliation/rules/new', 'recon-rules-edit', read('workflow')],
    ['/reconciliation/rules/12', 'recon-rules-edit', read('workflow')],
    ['/workflows', 'workflows', read('workflow')],
    ['/workflows/manage-workflow', 'workflows-manage', create('workflow')],
    [
      '/workflows/manage-workflow/12',
      'workflows-workflow-view',
      { kind: 'permission', permissions: [{ resource: 'workflow', actions: ['update'] }] },
    ],
    ['/workflows/executions/12', 'workflows-view', read('workflow')],
    ['/workflows/executions/12/dashboards', 'workflows-view-dashboards', read('workflow')],
    ['/workflows/executions/12/dashboards/3', 'workflows-view-dashboards-detail', read('workflow')],
    ['/settings', 'system-settings', read('settings')],
    ['/auth/signup', 'signup', { kind: 'guest' }],
    ['/auth/forgot-password', 'forgotPassword', { kind: 'guest' }],
    ['/auth/reset-password', 'resetPassword', { kind: 'guest' }],
    ['/auth/accept-invite', 'accept-invite', { kind: 'public' }],
    ['/unauthorized', 'unauthorized', { kind: 'signed-in' }],
    ['/auth/select-organization', 'select-organization', { kind: 'organization-choice' }],
    ['/models/models', 'models', read('models')],
    ['/models/executions/9', 'models-executions', read('models')],
    ['/models/create', 'models-create', create('models')],
    ['/models/file-models/view/9', 'models-view', read('models')],
    ['/models/file-models/test/9', 'models-test', read('models')],
    ['/models/file-models/execution/5/9', 'models-executions-view', read('models')],
    ['/models/file-models/ai-view/9', 'models-ai-view', read('models')],
    ['/my-team', 'team', read('teams')],
    ['/my-team/groups/7/roles', 'team-roles', read('team-roles')],
    ['/my-team/users/7', 'team-user', read('team-users')],
    ['/tables', 'tables', read('workflow')],
    ['/tables/create', 'tables-create', create('{product}_table')],
    ['/tables/4', 'tables-view', read('{product}_table')],
    ['/documents', 'documents', read('{product}_documents')],
    ['/documents/5', 'documents-view', read('{product}_documents')],
    ['/integrations', 'integrations', read('integrations')],
  ] as Array<[string, string, RouteAccess]>)('%s is %s with its access rule', (path, name, access) => {
    const handle = handleAt(path);
    expect(handle?.name).toBe(name);
    expect(handle?.access).toEqual(access);
  });

  it('shows a public not-found page for unknown paths', () => {
    expect(handleAt('/no/such/page')).toMatchObject({ name: 'not-found', access: { kind: 'public' } });
  });

  it('names the workflow crumbs as the spec does', () => {
    const crumbs = handleAt('/workflows/executions/12/dashboards/3')?.crumbs?.({
      id: '12',
      dashboard_id: '3',
    });
    expect(crumbs).toEqual([
      { text: 'Workflows', to: '/workflows', route: 'workflows' },
      { text: 'Execution History', to: '/workflows/executions/12' },
      { text: 'Dashboards', to: '/workflows/executions/12/dashboards' },
      { text: 'Detail' },
    ]);
    expect(handleAt('/workflows/manage-workflow')?.crumbs?.({})).toEqual([
      { text: 'Workflows', to: '/workflows', route: 'workflows' },
      { text: 'Manage and Update Workflow' },
    ]);
  });

  it('links the model test page back to View Model and an execution back to Model Executions', () => {
    expect(handleAt('/models/file-models/test/9')?.crumbs?.({ id: '9' })?.[1]).toEqual({
      text: 'View Model',
      to: '/models/file-models/view/9',
    });
    expect(
      handleAt('/models/file-models/execution/5/9')?.crumbs?.({ execution_id: '5', model_id: '9' })?.[1],
    ).toEqual({
      text: 'Model Executions',
      to: '/models/executions/9',
    });
  });

  it('finds access rules by route name and rejects unknown names', () => {
    expect(accessOf('documents')).toEqual(read('{product}_documents'));
    expect(() => accessOf('nope')).toThrow('Unknown route name: nope');
  });
});
