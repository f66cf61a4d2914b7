// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StatusBadge } from './status-badge.tsx';

afterEach(cleanup);

describe('StatusBadge', () => {
  it.each([
    ['Reconciled', 'success', 'text-green-700'],
    ['unreconciled', 'danger', 'text-red-700'],
    ['PARTIALLY_RECONNED', 'warning', 'text-amber-800'],
    ['archived', 'neutral', 'text-zinc-700'],
  ])('paints %s with the %s tone', (status, tone, colour) => {
    render(<StatusBadge status={status} />);
    const badge = screen.getByText(status);
    expect(badge.getAttribute('data-tone')).toBe(tone);
    expect(badge.className).toContain(colour);
  });

  it('shows the label instead of the raw status, keeping the tone of the status', () => {
    render(<StatusBadge status="pending" label="Awaiting review" />);
    const badge = screen.getByText('Awaiting review');
    expect(badge.getAttribute('data-tone')).toBe('danger');
    expect(screen.queryByText('pending')).toBeNull();
  });
});
