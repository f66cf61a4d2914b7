// @vitest-environment jsdom
import type { RulePass } from '@counterpart/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../shared/lib/http.ts';
import { useSessionStore } from '../../../shared/session/session-store.ts';
import { RuleEditorPage } from './rule-editor-page.tsx';

const mocks = vi.hoisted(() => ({
  get: vi.fn(),
  post: vi.fn(),
  put: vi.fn(),
  toastSuccess: vi.fn(),
  toastError: vi.fn(),
}));

vi.mock('../../../shared/session/http-client.ts', () => ({
  http: { get: mocks.get, post: mocks.post, put: mocks.put },
}));
vi.mock('../../../shared/ui/toast.tsx', () => ({
  toast: { success: mocks.toastSuccess, error: mocks.toastError },
}));

const PASSES: RulePass[] = [
  {
    id: 'exact',
    name: 'Same reference and amount',
    kind: 'exact',
    keys: ['reference', 'amount'],
    date_window: { days_before: 3, days_after: 7 },
  },
  {
    id: 'tolerance',
    name: 'Within tolerance',
    kind: 'scored',
    blocking: ['reference'],
    amount_tolerance: { absolute: 50_000, percent: 0.5 },
    similarity: { method: 'best' },
    date_window: { days_before: 3, days_after: 7 },
    auto_accept: 0.85,
    suggest: 0.6,
    ambiguity_gap: 0.05,
  },
];

function renderEditor() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/reconciliation/rules/new']}>
        <Routes>
          <Route path="/reconciliation/rules/:ruleId" element={<RuleEditorPage />} />
          <Route path="/reconciliation/rules" element={<p>Rule sets list</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.clearAllMocks();
  useSessionStore.setState({
    organizationId: 'org-1',
    roles: { management: [], recon: ['workflow-read', 'workflow-create', 'workflow-update'] },
  });
  mocks.get.mockImplementation(async (path: string) => {
    if (path.endsWith('/rules/defaults')) return { passes: PASSES };
    return { data: [], page_no: 1, page_size: 100, total: 0 };
  });
});

afterEach(cleanup);

describe('RuleEditorPage', () => {
  it('starts from the default passes and saves them with the amounts in minor units', async () => {
    mocks.post.mockResolvedValueOnce({
      id: 'r1',
      name: 'Mine',
      description: '',
      passes: PASSES,
      is_default: false,
      created_at: '2026-11-22T08:00:00Z',
      updated_at: '2026-11-22T08:00:00Z',
    });
    renderEditor();
    const passes = await screen.findByRole('list', { name: 'Passes, in the order they run' });
    expect(within(passes).getAllByRole('listitem')).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Rule set name'), { target: { value: 'Mine' } });
    fireEvent.click(screen.getByRole('button', { name: /^Pass 2: Within tolerance/ }));
    fireEvent.change(screen.getByLabelText('Pass 2 amount tolerance'), { target: { value: '1,000.10' } });
    // The expert fields wait behind a collapsed Advanced disclosure.
    const advanced = screen.getByRole('button', { name: 'Pass 2 advanced settings' });
    expect(advanced.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('textbox', { name: /ambiguity gap/i })).toBeNull();
    fireEvent.click(advanced);
    expect(advanced.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('textbox', { name: /ambiguity gap/i })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Move Within tolerance up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save rule set' }));
    await waitFor(() => expect(mocks.post).toHaveBeenCalledTimes(1));
    const [path, body] = mocks.post.mock.calls[0] as [string, { passes: RulePass[]; name: string }];
    expect(path).toBe('/api/recon/recon_engine/api/rules');
    expect(body.name).toBe('Mine');
    expect(body.passes.map((pass) => pass.id)).toEqual(['tolerance', 'exact']);
    expect(body.passes[0]?.amount_tolerance).toEqual({ absolute: 100_010, percent: 0.5 });
    expect(await screen.findByText('Rule sets list')).toBeTruthy();
    expect(mocks.toastSuccess).toHaveBeenCalledWith('Rule saved successfully', 'Rule set Mine');
  });

  it("places the server's pass errors next to their field and a duplicate name under the name", async () => {
    mocks.post.mockRejectedValueOnce(
      new HttpError(400, {
        message: 'Invalid rule set: passes[1] (tolerance).ambiguity_gap: must be a number between 0 and 1',
        details: { 'passes[1] (tolerance).ambiguity_gap': 'must be a number between 0 and 1' },
      }),
    );
    renderEditor();
    await screen.findByRole('list', { name: 'Passes, in the order they run' });
    fireEvent.change(screen.getByLabelText('Rule set name'), { target: { value: 'Mine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save rule set' }));
    // The pass with the problem opens and says so; the message sits under its field.
    const field = await screen.findByLabelText('Pass 2 ambiguity gap δ');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('must be a number between 0 and 1')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Pass 2: Within tolerance, .*1 problem$/ })).toBeTruthy();

    mocks.post.mockRejectedValueOnce(
      new HttpError(409, { message: 'A rule set named “Mine” exists already' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save rule set' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Rule set name').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(screen.getByText('A rule set named “Mine” exists already')).toBeTruthy();
  });

  it('refuses to save what the engine would refuse, without asking the server', async () => {
    renderEditor();
    await screen.findByRole('list', { name: 'Passes, in the order they run' });
    fireEvent.click(screen.getByRole('button', { name: 'Save rule set' }));
    expect(await screen.findByText('Name the rule set')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Rule set name'), { target: { value: 'Mine' } });
    fireEvent.click(screen.getByRole('button', { name: /^Pass 2: Within tolerance/ }));
    fireEvent.change(screen.getByLabelText('Pass 2 suggest score'), { target: { value: '0.9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save rule set' }));
    expect(
      await screen.findByText('The suggestion score cannot be above the auto-accept score'),
    ).toBeTruthy();
    expect(mocks.post).not.toHaveBeenCalled();
  });
});
