// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorAlert } from './error-alert.tsx';

afterEach(cleanup);

describe('ErrorAlert', () => {
  it('announces the message as an alert', () => {
    render(<ErrorAlert>Table not found</ErrorAlert>);
    expect(screen.getByRole('alert').textContent).toBe('Table not found');
  });

  it('keeps its red text beside the classes that place it', () => {
    render(
      <ErrorAlert id="name-error" className="p-5">
        Name is required
      </ErrorAlert>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.id).toBe('name-error');
    expect(alert.className).toBe('p-5 text-sm text-red-600 dark:text-red-400');
  });
});
