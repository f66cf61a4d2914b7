import type { ImportProposal, TableImport } from '@counterpart/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { useSessionStore } from '../../../shared/session/session-store.ts';
import { useNotificationsStore } from '../../../shared/stores/notifications-store.ts';

/** What the import steps' tests share; each test file still mocks `app/http-client.ts` itself. */

export const TABLES = '/api/tables/storage/counterpart_tables';
export const IMPORTS = `${TABLES}/imports`;

/** A proposal for a CSV file with a header row, in UTF-8; `file` gives its delimiter, columns and rows. */
export function csvProposal(
  file: Pick<
    ImportProposal,
    'delimiter' | 'line_endings' | 'columns' | 'sample_rows' | 'mapping' | 'table_name'
  >,
): ImportProposal {
  return {
    format: 'csv',
    statement_format: null,
    encoding: 'utf-8',
    has_header: true,
    sheets: [],
    sheet: null,
    ...file,
  };
}

/** The import `imp-1` of a CSV file, uploaded and proposed, waiting for its mapping. */
export function uploadedImport(
  file: Pick<TableImport, 'file_name' | 'size_bytes' | 'created_at' | 'proposal'>,
): TableImport {
  return {
    id: 'imp-1',
    table_id: null,
    document_id: null,
    format: 'csv',
    status: 'uploaded',
    options: null,
    total_rows: 0,
    inserted_rows: 0,
    duplicate_rows: 0,
    failed_rows: 0,
    errors: [],
    warnings: [],
    error_message: null,
    started_at: null,
    finished_at: null,
    ...file,
  };
}

/** Renders `ui` with a query client of its own that does not retry. */
export function renderWithQueries(ui: ReactElement): void {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
}

/**
 * Before each test: mocks cleared, signed in to `org-1`, no jobs in the notifications panel.
 * After each: everything rendered is unmounted.
 */
export function resetBetweenImportTests(): void {
  beforeEach(() => {
    vi.clearAllMocks();
    useSessionStore.setState({ organizationId: 'org-1', productKey: 'counterpart' });
    useNotificationsStore.setState({ processes: [] });
  });
  afterEach(cleanup);
}
