// @vitest-environment jsdom
import type { TableImport } from '@counterpart/contracts';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNotificationsStore } from '../../../shared/stores/notifications-store.ts';
import { ImportProgress } from './import-progress.tsx';

const running: TableImport = {
  id: 'imp-7',
  table_id: 't1',
  document_id: null,
  file_name: 'march.csv',
  size_bytes: 2048,
  format: 'csv',
  status: 'running',
  proposal: {
    format: 'csv',
    statement_format: null,
    encoding: 'utf-8',
    delimiter: ',',
    has_header: true,
    line_endings: 'lf',
    sheets: [],
    sheet: null,
    columns: [],
    sample_rows: [],
    mapping: [],
    table_name: 'march',
  },
  options: null,
  total_rows: 5000,
  inserted_rows: 4990,
  duplicate_rows: 0,
  failed_rows: 10,
  errors: [],
  warnings: [],
  error_message: null,
  created_at: '2026-03-01T10:00:00Z',
  started_at: '2026-03-01T10:00:01Z',
  finished_at: null,
};

function report(progress: number, status = 'running') {
  act(() => {
    useNotificationsStore.getState().applyMessage({
      id: 'imp-7',
      source: 'document processing',
      info: { status, progress, message: `${progress}% of the rows in` },
    });
  });
}

beforeEach(() => useNotificationsStore.setState({ processes: [] }));
afterEach(cleanup);

describe('ImportProgress', () => {
  it("shows the job's realtime percent and message, and asks for the import once the job completes", () => {
    const onSettled = vi.fn();
    report(0, 'queued');
    render(<ImportProgress tableImport={running} onSettled={onSettled} />);
    report(40);
    const bar = screen.getByRole('progressbar', { name: 'Import of march.csv' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByText('40% of the rows in')).toBeTruthy();
    expect(screen.getByText(/5,000 rows read · 4,990 inserted · 10 refused/)).toBeTruthy();
    expect(onSettled).not.toHaveBeenCalled();
    report(100, 'completed');
    expect(onSettled).toHaveBeenCalledTimes(1);
  });

  it('asks for the import when the job reports an error', () => {
    const onSettled = vi.fn();
    report(10);
    render(<ImportProgress tableImport={running} onSettled={onSettled} />);
    report(10, 'error');
    expect(onSettled).toHaveBeenCalledTimes(1);
  });
});
