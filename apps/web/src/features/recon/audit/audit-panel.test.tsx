// @vitest-environment jsdom
import type { ReconAuditEntry } from '@counterpart/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../shared/session/session-store.ts';
import { ReconAuditPanel } from './audit-panel.tsx';

const mocks = vi.hoisted(() => ({
  get: vi.fn(),
  download: vi.fn(async () => new Blob(['id\n'], { type: 'text/csv' })),
  saveBlob: vi.fn(),
  toastError: vi.fn(),
}));

vi.mock('../../../shared/session/http-client.ts', () => ({
  http: { get: mocks.get, download: mocks.download },
}));
vi.mock('../../../shared/lib/download.ts', () => ({ saveBlob: mocks.saveBlob }));
vi.mock('../../../shared/ui/toast.tsx', () => ({ toast: { error: mocks.toastError } }));

const GROUP = '33333333-3333-4333-8333-333333333333';
const entry = (overrides: Partial<ReconAuditEntry>): ReconAuditEntry => ({
  id: 'e1',
  actor_email: 'automatic',
  automatic: true,
  action: 'run.completed',
  target_type: 'group',
  target_id: GROUP,
  group_id: GROUP,
  run_id: null,
  rule_id: 'exact',
  reason: '',
  before: null,
  after: { status: 'reconciled', difference: '0', currency: 'KES' },
  item_ids: [],
  created_at: '2026-11-22T08:00:00.000Z',
  target_state: null,
  ...overrides,
});

function renderPanel() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ReconAuditPanel groupId={GROUP} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.clearAllMocks();
  useSessionStore.setState({ organizationId: 'org-1' });
  mocks.get.mockImplementation(async () => ({
    data: [
      entry({
        id: 'e2',
        actor_email: 'checker@demo.test',
        automatic: false,
        action: 'group.unmatched',
        rule_id: null,
        reason: 'Wrong customer',
        before: { state: 'active' },
        after: { state: 'undone' },
      }),
      entry({}),
    ],
    page_no: 1,
    page_size: 20,
    total: 2,
  }));
});

afterEach(cleanup);

describe('ReconAuditPanel', () => {
  it('asks for the entries of its filter and says who, what, why and what changed', async () => {
    renderPanel();
    expect(await screen.findByText('Unmatched')).toBeTruthy();
    expect(mocks.get).toHaveBeenCalledWith(
      '/api/recon/v1/recon/audit',
      expect.objectContaining({
        query: { group_id: GROUP, item_id: undefined, run_id: undefined, page_no: 1, page_size: 20 },
      }),
    );
    expect(screen.getByText('by checker@demo.test')).toBeTruthy();
    expect(screen.getByText('“Wrong customer”')).toBeTruthy();
    expect(screen.getByText('state: active → undone')).toBeTruthy();
    expect(screen.getByText('by Automatic')).toBeTruthy();
    expect(screen.getByText('Rule exact')).toBeTruthy();
    expect(screen.getByText('status reconciled · difference KES 0.00')).toBeTruthy();
  });

  it('exports the same filter as a CSV file through the authenticated client', async () => {
    renderPanel();
    await screen.findByText('Unmatched');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(mocks.saveBlob).toHaveBeenCalledTimes(1));
    expect(mocks.download).toHaveBeenCalledWith('/api/recon/v1/recon/audit/export', {
      query: { group_id: GROUP, item_id: undefined, run_id: undefined, format: 'csv' },
    });
    expect(mocks.saveBlob.mock.calls[0]?.[1]).toMatch(/^recon-audit-group-33333333-\d{4}-\d{2}-\d{2}\.csv$/);
  });
});
