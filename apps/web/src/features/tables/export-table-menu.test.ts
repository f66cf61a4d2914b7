import { describe, expect, it } from 'vitest';
import { tableExportRequest } from './export-table-menu.tsx';

describe('tableExportRequest', () => {
  it('exports the whole table when nothing narrows the view', () => {
    expect(tableExportRequest('t1', { order: 'asc', search: '', filters: [] }, 'csv')).toEqual({
      area: 'table',
      table_id: 't1',
      format: 'csv',
    });
  });

  it('carries the grid’s filters, sort, order and search', () => {
    const filters = [{ column_id: 'c000000000001', op: 'contains' as const, value: 'acme' }];
    expect(
      tableExportRequest('t1', { order: 'desc', sort: 'c000000000002', search: 'rent', filters }, 'xlsx'),
    ).toEqual({
      area: 'table',
      table_id: 't1',
      format: 'xlsx',
      filters,
      sort: 'c000000000002',
      order: 'desc',
      search: 'rent',
    });
  });
});
