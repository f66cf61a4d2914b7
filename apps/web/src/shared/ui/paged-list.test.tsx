// @vitest-environment jsdom
import type { UseQueryResult } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListTable } from './list-table.tsx';
import { type ListPage, PagedList } from './paged-list.tsx';

afterEach(cleanup);

type Query = UseQueryResult<ListPage<string>>;

const pending = { isPending: true, isError: false } as Query;
const failed = { isPending: false, isError: true, error: new Error('Request Failed') } as Query;
function answered(data: string[], total: number): Query {
  return { isPending: false, isError: false, data: { data, total } } as Query;
}

function renderList(query: Query, onPage = vi.fn()) {
  render(
    <PagedList query={query} pageNo={1} pageSize={2} onPage={onPage} empty={<p>No tables yet</p>}>
      {(rows) => (
        <ListTable columns={[{ label: 'Name' }, { label: 'Actions', hideLabel: true }]} busy={false}>
          {rows.map((row) => (
            <tr key={row}>
              <td>{row}</td>
              <td />
            </tr>
          ))}
        </ListTable>
      )}
    </PagedList>,
  );
  return onPage;
}

describe('PagedList', () => {
  it('shows neither rows nor an error while the first page loads', () => {
    renderList(pending);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('announces the error', () => {
    renderList(failed);
    expect(screen.getByRole('alert').textContent).toBe('Request Failed');
  });

  it('shows the empty view when the page has no rows', () => {
    renderList(answered([], 0));
    expect(screen.getByText('No tables yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('draws the rows under the column headers, then Previous / Next', () => {
    const onPage = renderList(answered(['Bank', 'Ledger'], 3));
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'Actions']);
    expect(screen.getByRole('cell', { name: 'Ledger' })).toBeTruthy();
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });
});
