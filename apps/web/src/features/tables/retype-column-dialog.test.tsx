// @vitest-environment jsdom
import type { TableColumn } from '@counterpart/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../shared/lib/http.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { RetypeColumnDialog } from './retype-column-dialog.tsx';

const mocks = vi.hoisted(() => ({ post: vi.fn(), patch: vi.fn(), toastSuccess: vi.fn() }));
vi.mock('../../shared/session/http-client.ts', () => ({ http: { post: mocks.post, patch: mocks.patch } }));
vi.mock('../../shared/ui/toast.tsx', () => ({ toast: { success: mocks.toastSuccess, error: vi.fn() } }));

afterEach(cleanup);
beforeEach(() => {
  vi.clearAllMocks();
  useSessionStore.setState({ organizationId: 'org-1', productKey: 'counterpart' });
});

const column: TableColumn = { id: 'c1', name: 'Amount', type: 'text', position: 0 };
const PREVIEW = {
  convertible: 3,
  failure_count: 2,
  failures: [
    { item_id: 'i4', value: 'n/a', reason: 'Not a number' },
    { item_id: 'i5', value: 'twelve', reason: 'Not a number' },
  ],
};

function renderDialog() {
  const onClose = vi.fn();
  const onRetyped = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RetypeColumnDialog tableId="t1" column={column} onClose={onClose} onRetyped={onRetyped} />
    </QueryClientProvider>,
  );
  return { onClose, onRetyped, dialog: screen.getByRole('dialog', { name: 'Change type of Amount' }) };
}

describe('RetypeColumnDialog', () => {
  it('previews the values that would be lost, then applies the type on confirm', async () => {
    mocks.post.mockResolvedValue(PREVIEW);
    mocks.patch.mockResolvedValue({});
    const { onClose, onRetyped } = renderDialog();
    expect((screen.getByLabelText('New type') as HTMLSelectElement).value).toBe('number');
    fireEvent.click(screen.getByRole('button', { name: 'Preview change' }));
    await screen.findByText('2 of 5 values will not convert and will be emptied.');
    expect(mocks.post).toHaveBeenCalledWith(
      '/api/tables/storage/counterpart_tables/t1/columns/c1/retype_preview',
      { type: 'number' },
      expect.anything(),
    );
    const examples = screen.getByRole('list', { name: 'Values that will not convert' });
    expect(examples.textContent).toContain('twelve');
    expect(mocks.patch).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Change type, empty 2' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(mocks.patch).toHaveBeenCalledWith('/api/tables/storage/counterpart_tables/t1/columns/c1', {
      type: 'number',
    });
    expect(onRetyped).toHaveBeenCalledWith(column);
    expect(mocks.toastSuccess).toHaveBeenCalledWith('Amount is now Number');
  });

  it('sends the currency code, asks again after a change, and shows the server’s message', async () => {
    mocks.post.mockResolvedValue({ convertible: 5, failure_count: 0, failures: [] });
    mocks.patch.mockRejectedValue(new HttpError(409, { message: 'Column Amount is used by a mapping' }));
    renderDialog();
    fireEvent.change(screen.getByLabelText('New type'), { target: { value: 'currency' } });
    fireEvent.change(screen.getByLabelText('Currency code'), { target: { value: 'usd' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview change' }));
    await screen.findByText('All 5 values convert.');
    expect(mocks.post).toHaveBeenLastCalledWith(
      expect.any(String),
      { type: 'currency', currency: 'USD' },
      expect.anything(),
    );
    fireEvent.change(screen.getByLabelText('Currency code'), { target: { value: 'EUR' } });
    expect(screen.queryByText('All 5 values convert.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Preview change' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Change type' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Column Amount is used by a mapping');
    expect(mocks.patch).toHaveBeenCalledWith(expect.any(String), { type: 'currency', currency: 'EUR' });
  });
});
