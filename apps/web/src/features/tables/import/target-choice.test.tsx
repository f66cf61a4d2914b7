// @vitest-environment jsdom
import type { DataTable, TableImport } from '@counterpart/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ImportFlow } from './import-flow.tsx';
import {
  csvProposal,
  IMPORTS,
  renderWithQueries,
  resetBetweenImportTests,
  TABLES,
  uploadedImport,
} from './import-test-kit.tsx';

const mocks = vi.hoisted(() => ({ post: vi.fn(), get: vi.fn() }));
vi.mock('../../../shared/session/http-client.ts', () => ({ http: { post: mocks.post, get: mocks.get } }));

const proposal = csvProposal({
  delimiter: ';',
  line_endings: 'lf',
  columns: [
    { index: 0, header: 'Reference', guessed_type: 'text', currency: null, date_format: null },
    { index: 1, header: 'Amount', guessed_type: 'number', currency: null, date_format: null },
  ],
  sample_rows: [['P-1', '10.00']],
  mapping: [
    { source: 0, new_column: { name: 'Reference', type: 'text' } },
    { source: 1, new_column: { name: 'Amount', type: 'number' } },
  ],
  table_name: 'payments',
});

const sent = uploadedImport({
  file_name: 'payments.csv',
  size_bytes: 30,
  created_at: '2026-11-25T06:00:00Z',
  proposal,
});

const table = (id: string, name: string, rows: number): DataTable => ({
  id,
  name,
  description: '',
  row_count: rows,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
  columns: [
    { id: `${id}-ref`, name: 'Reference', type: 'text', position: 0 },
    { id: `${id}-amount`, name: 'Amount', type: 'number', position: 1 },
  ] as DataTable['columns'],
});
const ledger = table('t-ledger', 'Ledger', 1200);
const bank = table('t-bank', 'Bank lines', 1);

/** The import into Ledger, as the server answers a proposal with its table_id. */
const intoLedger: TableImport = {
  ...sent,
  table_id: ledger.id,
  proposal: {
    ...proposal,
    mapping: [
      { source: 0, column_id: 't-ledger-ref' },
      { source: 1, column_id: 't-ledger-amount' },
    ],
  },
};

let current: TableImport;

function renderFlow(tableId?: string) {
  renderWithQueries(
    <ImportFlow
      tableId={tableId}
      importId="imp-1"
      onImportId={() => {}}
      onCancel={() => {}}
      doneActions={() => null}
    />,
  );
}

resetBetweenImportTests();
beforeEach(() => {
  current = sent;
  mocks.get.mockImplementation(async (url: string, init?: { query?: { search?: string } }) => {
    if (url === `${IMPORTS}/imp-1`) return current;
    if (url === `${TABLES}/`) {
      const all = [ledger, bank].filter((t) =>
        t.name.toLowerCase().includes((init?.query?.search ?? '').toLowerCase()),
      );
      return { data: all, page_no: 1, page_size: 20, total: all.length };
    }
    if (url === `${TABLES}/${ledger.id}`) return ledger;
    throw new Error(`unexpected GET ${url}`);
  });
});

describe('ImportFlow: where the rows go', () => {
  it('starts on "New table" with the table name to fill', async () => {
    renderFlow();
    expect(((await screen.findByRole('radio', { name: /^New table/ })) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(screen.getByLabelText('Table name')).toBeTruthy();
    expect(screen.queryByRole('searchbox', { name: 'Search tables' })).toBeNull();
  });

  it('lists the tables to pick from, searchable, before any mapping is shown', async () => {
    renderFlow();
    fireEvent.click(await screen.findByRole('radio', { name: /^Existing table/ }));
    expect(await screen.findByRole('radio', { name: /^Ledger/ })).toBeTruthy();
    expect(screen.getByText('1,200 rows · 2 columns')).toBeTruthy();
    expect(screen.getByRole('radio', { name: /^Bank lines/ })).toBeTruthy();
    // Nothing to confirm until a table is chosen.
    expect(screen.queryByRole('button', { name: 'Import rows' })).toBeNull();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search tables' }), { target: { value: 'bank' } });
    fireEvent.keyDown(screen.getByRole('searchbox', { name: 'Search tables' }), { key: 'Enter' });
    await waitFor(() => expect(screen.queryByRole('radio', { name: /^Ledger/ })).toBeNull());
    expect(mocks.get).toHaveBeenCalledWith(
      `${TABLES}/`,
      expect.objectContaining({ query: expect.objectContaining({ search: 'bank' }) }),
    );
  });

  it('proposes again for the chosen table, maps to its columns and confirms into it', async () => {
    mocks.post.mockImplementation(async (url: string) => {
      if (url.endsWith('/proposal')) {
        current = intoLedger;
        return intoLedger;
      }
      return { id: 'imp-1', source: 'document processing', import_id: 'imp-1' };
    });
    renderFlow();
    fireEvent.click(await screen.findByRole('radio', { name: /^Existing table/ }));
    fireEvent.click(await screen.findByRole('radio', { name: /^Ledger/ }));
    await waitFor(() =>
      expect(mocks.post).toHaveBeenCalledWith(
        `${IMPORTS}/imp-1/proposal`,
        { has_header: true, delimiter: ';', table_id: ledger.id },
        expect.anything(),
      ),
    );
    // The mapping step is now the table's: no table name, each column to one of Ledger's.
    const as = (await screen.findByLabelText('Import Reference as')) as HTMLSelectElement;
    expect(as.value).toContain('t-ledger-ref');
    expect(screen.queryByLabelText('Table name')).toBeNull();
    expect((screen.getByRole('radio', { name: /^Ledger/ }) as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Import rows' }));
    await waitFor(() =>
      expect(mocks.post).toHaveBeenCalledWith(
        `${IMPORTS}/imp-1/confirm`,
        expect.objectContaining({
          target: { table_id: ledger.id },
          mapping: [
            { source: 0, column_id: 't-ledger-ref' },
            { source: 1, column_id: 't-ledger-amount' },
          ],
        }),
        expect.anything(),
      ),
    );
  });

  it('goes back to a new table: the server proposes new columns again', async () => {
    current = intoLedger;
    mocks.post.mockImplementation(async () => {
      current = sent;
      return sent;
    });
    renderFlow();
    expect(
      ((await screen.findByRole('radio', { name: /^Existing table/ })) as HTMLInputElement).checked,
    ).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /^New table/ }));
    await waitFor(() =>
      expect(mocks.post).toHaveBeenCalledWith(
        `${IMPORTS}/imp-1/proposal`,
        { has_header: true, delimiter: ';', table_id: null },
        expect.anything(),
      ),
    );
    expect(await screen.findByLabelText('Table name')).toBeTruthy();
  });

  it("offers no choice when importing through a table's own Import action", async () => {
    current = intoLedger;
    renderFlow(ledger.id);
    expect(await screen.findByLabelText('Import Reference as')).toBeTruthy();
    expect(screen.queryByRole('radio', { name: /^New table/ })).toBeNull();
  });
});
