// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EmptyView } from './empty-view.tsx';

afterEach(cleanup);

describe('EmptyView', () => {
  it('shows the spec default texts', () => {
    render(<EmptyView />);
    expect(screen.getByText('No results found')).toBeTruthy();
    expect(screen.getByText('Table has no records')).toBeTruthy();
  });

  it('shows the given texts and action instead', () => {
    render(
      <EmptyView
        title="No workflows yet"
        description="Create one to start reconciling"
        action={<button type="button">New workflow</button>}
      />,
    );
    expect(screen.getByText('No workflows yet')).toBeTruthy();
    expect(screen.getByText('Create one to start reconciling')).toBeTruthy();
    expect(screen.queryByText('No results found')).toBeNull();
    expect(screen.getByRole('button', { name: 'New workflow' })).toBeTruthy();
  });
});
