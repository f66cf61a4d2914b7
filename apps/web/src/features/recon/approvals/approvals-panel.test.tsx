// @vitest-environment jsdom
import type { Approval } from '@counterpart/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../shared/session/session-store.ts';
import { ApprovalsPanel, OWN_REQUEST_TEXT } from './approvals-panel.tsx';

const mocks = vi.hoisted(() => ({
  get: vi.fn(),
  post: vi.fn(async () => undefined),
  toastSuccess: vi.fn(),
  toastError: vi.fn(),
}));

vi.mock('../../../shared/session/http-client.ts', () => ({ http: { get: mocks.get, post: mocks.post } }));
vi.mock('../../../shared/ui/toast.tsx', () => ({
  toast: { success: mocks.toastSuccess, error: mocks.toastError },
}));

const approvals: Approval[] = [
  {
    kind: 'group',
    id: '11111111-1111-4111-8111-111111111111',
    amount: '900719925474099312',
    currency: 'KES',
    summary: 'Manual match: 2 left, 1 right',
    requested_by_email: 'maker@demo.test',
    requested_at: '2026-11-22T08:00:00.000Z',
    can_decide: true,
  },
  {
    kind: 'adjustment',
    id: '22222222-2222-4222-8222-222222222222',
    amount: '2000',
    currency: 'KES',
    summary: 'Write-off: bank charges',
    requested_by_email: 'me@demo.test',
    requested_at: '2026-11-22T08:05:00.000Z',
    can_decide: false,
  },
];

function renderPanel(onChanged = vi.fn()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ApprovalsPanel onChanged={onChanged} />
    </QueryClientProvider>,
  );
  return onChanged;
}

beforeEach(() => {
  vi.clearAllMocks();
  useSessionStore.setState({
    organizationId: 'org-1',
    roles: { management: [], recon: ['workflow-read', 'workflow-update'] },
  });
  mocks.get.mockImplementation(async () => ({ data: approvals, page_no: 1, page_size: 20, total: 2 }));
});

afterEach(cleanup);

describe('ApprovalsPanel', () => {
  it('lists what waits with exact amounts, and blocks the maker from deciding their own', async () => {
    renderPanel();
    const match = await screen.findByRole('listitem', { name: 'Match: Manual match: 2 left, 1 right' });
    expect(match.textContent).toContain('KES 9,007,199,254,740,993.12');
    expect(match.textContent).toContain('Asked by maker@demo.test');
    expect(within(match).getByRole('button', { name: 'Approve' })).toHaveProperty('disabled', false);

    const own = screen.getByRole('listitem', { name: 'Adjustment: Write-off: bank charges' });
    const approve = within(own).getByRole('button', { name: 'Approve' });
    expect(approve).toHaveProperty('disabled', true);
    expect(approve.getAttribute('title')).toBe(OWN_REQUEST_TEXT);
    expect(within(own).getByText(OWN_REQUEST_TEXT)).toBeTruthy();
  });

  it('rejects with a reason and tells the page around', async () => {
    const onChanged = renderPanel();
    const match = await screen.findByRole('listitem', { name: 'Match: Manual match: 2 left, 1 right' });
    fireEvent.click(within(match).getByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject match' });
    fireEvent.change(within(dialog).getByLabelText('Reason (optional)'), {
      target: { value: ' Wrong invoice ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(mocks.post).toHaveBeenCalledWith('/api/recon/v1/recon/approvals/decide', {
      kind: 'group',
      id: approvals[0]?.id,
      decision: 'reject',
      reason: 'Wrong invoice',
    });
    expect(mocks.toastSuccess).toHaveBeenCalledWith('Rejected', 'Manual match: 2 left, 1 right');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows the server's refusal and keeps the dialog open", async () => {
    mocks.post.mockRejectedValueOnce(new Error('Another person must approve what you asked for'));
    const onChanged = renderPanel();
    const match = await screen.findByRole('listitem', { name: 'Match: Manual match: 2 left, 1 right' });
    fireEvent.click(within(match).getByRole('button', { name: 'Approve' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(mocks.toastError).toHaveBeenCalledWith(
        'Request Failed',
        'Another person must approve what you asked for',
      ),
    );
    expect(onChanged).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Approve match' })).toBeTruthy();
  });

  it('hides the decisions from people who may only read', async () => {
    useSessionStore.setState({ roles: { management: [], recon: ['workflow-read'] } });
    renderPanel();
    await screen.findByRole('listitem', { name: 'Match: Manual match: 2 left, 1 right' });
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });
});
