// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useNotificationsStore } from '../../../shared/stores/notifications-store.ts';
import { ImportResult } from './import-result.tsx';
import {
  csvProposal,
  IMPORTS,
  renderWithQueries,
  resetBetweenImportTests,
  uploadedImport,
} from './import-test-kit.tsx';
import { MappingStep } from './mapping-step.tsx';

const mocks = vi.hoisted(() => ({ post: vi.fn(), get: vi.fn() }));
vi.mock('../../../shared/session/http-client.ts', () => ({ http: { post: mocks.post, get: mocks.get } }));

const proposal = csvProposal({
  delimiter: ',',
  line_endings: 'crlf',
  columns: [
    { index: 0, header: 'Date', guessed_type: 'date', currency: null, date_format: 'yyyy-mm-dd' },
    { index: 1, header: 'Amount', guessed_type: 'currency', currency: 'KES', date_format: null },
  ],
  sample_rows: [
    ['2026-01-15', 'KES 1,200.50'],
    ['2026-01-16', '(350.00)'],
  ],
  mapping: [
    { source: 0, new_column: { name: 'Date', type: 'date' } },
    { source: 1, new_column: { name: 'Amount', type: 'currency', currency: 'KES' } },
  ],
  table_name: 'bank lines',
});

const tableImport = uploadedImport({
  file_name: 'bank-lines.csv',
  size_bytes: 80,
  created_at: '2026-01-15T10:00:00Z',
  proposal,
});

function renderStep() {
  renderWithQueries(<MappingStep tableImport={tableImport} table={null} onCancel={() => {}} />);
}

resetBetweenImportTests();

describe('MappingStep', () => {
  it('shows what was detected, the preview and each column with labelled controls', () => {
    renderStep();
    expect(screen.getByTestId('detected-format').textContent).toBe('CSV · UTF-8 · CRLF line endings');
    expect((screen.getByLabelText('Delimiter') as HTMLSelectElement).value).toBe(',');
    expect((screen.getByLabelText('Table name') as HTMLInputElement).value).toBe('bank lines');
    expect((screen.getByLabelText('Amount type') as HTMLSelectElement).value).toBe('currency');
    expect((screen.getByLabelText('Amount currency') as HTMLInputElement).value).toBe('KES');
    const preview = screen.getByRole('region', { name: 'Preview of the first rows' });
    expect(within(preview).getAllByRole('row')).toHaveLength(3);
    expect(preview.textContent).toContain('(350.00)');
  });

  it('asks the server for a new proposal when the delimiter changes', async () => {
    mocks.post.mockResolvedValue({ ...tableImport, proposal: { ...proposal, delimiter: ';' } });
    renderStep();
    fireEvent.change(screen.getByLabelText('Delimiter'), { target: { value: ';' } });
    await waitFor(() =>
      expect(mocks.post).toHaveBeenCalledWith(
        `${IMPORTS}/imp-1/proposal`,
        { has_header: true, delimiter: ';' },
        expect.anything(),
      ),
    );
  });

  it('refuses a mapping with problems in place, and sends a good one as the confirm body', async () => {
    mocks.post.mockResolvedValue({ id: 'imp-1', source: 'document processing' });
    renderStep();
    fireEvent.change(screen.getByLabelText('Amount column name'), { target: { value: 'date' } });
    fireEvent.click(screen.getByRole('button', { name: 'Import rows' }));
    expect(await screen.findByText('Another column has this name')).toBeTruthy();
    expect(mocks.post).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Amount column name'), { target: { value: 'Amount' } });
    fireEvent.change(screen.getByLabelText('Amount type'), { target: { value: 'number' } });
    fireEvent.change(screen.getByLabelText('Key column (skip rows already imported)'), {
      target: { value: '0' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Import rows' }));
    await waitFor(() =>
      expect(mocks.post).toHaveBeenCalledWith(
        `${IMPORTS}/imp-1/confirm`,
        {
          target: { new_table: { name: 'bank lines' } },
          mapping: [
            { source: 0, new_column: { name: 'Date', type: 'date' }, date_format: 'yyyy-mm-dd' },
            { source: 1, new_column: { name: 'Amount', type: 'number' } },
          ],
          options: { has_header: true, delimiter: ',', key_source: 0 },
        },
        expect.anything(),
      ),
    );
    // The job's card shows at once in the notifications panel (queued, 0 %).
    await waitFor(() =>
      expect(useNotificationsStore.getState().processes.map((process) => process.id)).toEqual(['imp-1']),
    );
  });
});

describe('ImportResult', () => {
  it('lists the refused lines with line, column, value and reason', () => {
    render(
      <ImportResult
        tableImport={{
          ...tableImport,
          status: 'succeeded',
          inserted_rows: 2,
          failed_rows: 1,
          errors: [{ line: 3, column: 'Amount', value: 'twelve', message: 'Not an amount of money' }],
        }}
        actions={null}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Import finished' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Lines not imported, with the reason' });
    const cells = within(within(table).getAllByRole('row')[1] as HTMLElement).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      '3',
      'Amount',
      'twelve',
      'Not an amount of money',
    ]);
    expect(screen.getByText('Inserted').parentElement?.textContent).toContain('2 rows');
  });

  it("shows a failed import's message and that the table is unchanged", () => {
    render(
      <ImportResult
        tableImport={{
          ...tableImport,
          status: 'failed',
          error_message: 'The file could not be read at line 9.',
        }}
        actions={null}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'The file could not be read at line 9. Nothing was imported: the table is as it was.',
    );
  });
});
