// @vitest-environment jsdom
import type { CatalogRole } from '@counterpart/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { GroupPermissionsPage } from './group-permissions-page.tsx';

const catalog: CatalogRole[] = [
  {
    client: 'management',
    role: 'organization-admin',
    display: 'organization:admin',
    resource: 'organization',
  },
  { client: 'management', role: 'teams-read', display: 'teams:read', resource: 'teams' },
  { client: 'management', role: 'teams-create', display: 'teams:create', resource: 'teams' },
  { client: 'recon', role: 'workflow-read', display: 'workflow:read', resource: 'workflow' },
  {
    client: 'recon',
    role: 'counterpart_table-read',
    display: 'counterpart_table:read',
    resource: 'counterpart_table',
  },
];

const mocks = vi.hoisted(() => ({
  get: vi.fn(),
  post: vi.fn(async () => ({ data: [] })),
  delete: vi.fn(async () => ({ data: [] })),
  toastSuccess: vi.fn(),
  toastError: vi.fn(),
}));

vi.mock('../../shared/session/http-client.ts', () => ({
  http: { get: mocks.get, post: mocks.post, delete: mocks.delete },
}));
vi.mock('../../shared/ui/toast.tsx', () => ({
  toast: { success: mocks.toastSuccess, error: mocks.toastError },
}));

function answer(path: string) {
  if (path === '/api/users/groups') {
    return { data: { page_data: [{ id: 'g1', name: 'Reconcilers', member_count: 2, roles: [] }] } };
  }
  if (path === '/api/users/client_roles') return { data: catalog };
  if (path === '/api/users/group_roles') return { data: [catalog[1], catalog[3]] };
  throw new Error(`unexpected GET ${path}`);
}

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/my-team/groups/g1/roles']}>
        <Routes>
          <Route path="/my-team/groups/:groupId/roles" element={<GroupPermissionsPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function signInWith(management: string[]) {
  useSessionStore.setState({ organizationId: 'org-1', roles: { management, recon: [] } });
}

beforeEach(() => {
  vi.clearAllMocks();
  mocks.get.mockImplementation(async (path: string) => answer(path));
});

afterEach(cleanup);

describe('GroupPermissionsPage', () => {
  it('shows roles grouped by resource with the granted ones on, and saves only the changes', async () => {
    signInWith(['organization-admin']);
    renderPage();
    const teams = await screen.findByRole('group', { name: 'Teams' });
    expect(within(teams).getByRole('switch', { name: 'Teams: read' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(within(teams).getByRole('switch', { name: 'Teams: create' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);

    fireEvent.click(within(teams).getByRole('switch', { name: 'Teams: create' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Workflows: read' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(mocks.toastSuccess).toHaveBeenCalledWith('Permissions saved'));
    expect(mocks.post).toHaveBeenCalledWith('/api/users/group_roles', {
      group_id: 'g1',
      roles: [{ client: 'management', role: 'teams-create' }],
    });
    expect(mocks.delete).toHaveBeenCalledWith('/api/users/group_roles', {
      body: { group_id: 'g1', roles: [{ client: 'recon', role: 'workflow-read' }] },
    });
  });

  it('names roles in words, never by their keys', async () => {
    signInWith(['organization-admin']);
    renderPage();
    const tables = await screen.findByRole('group', { name: 'Tables' });
    expect(within(tables).getByRole('switch', { name: 'Tables: read' })).toBeTruthy();
    expect(screen.queryByText(/counterpart_table|workflow:read|teams:read/)).toBeNull();
  });

  it('lets a reader look but not change anything', async () => {
    signInWith(['team-roles-read']);
    renderPage();
    const toggle = await screen.findByRole('switch', { name: 'Teams: create' });
    expect(toggle.hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
