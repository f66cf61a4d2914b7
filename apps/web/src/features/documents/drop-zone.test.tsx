// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DropZone } from './drop-zone.tsx';

interface PendingUpload {
  file: File;
  progress: (fraction: number) => void;
  resolve: () => void;
  reject: (error: Error) => void;
}

const mocks = vi.hoisted(() => ({ uploads: [] as PendingUpload[] }));

vi.mock('./documents-api.ts', () => ({
  useDocumentsKey: () => ['documents', 'org-1'],
  uploadDocument: (file: File, progress: (fraction: number) => void) =>
    new Promise<void>((resolve, reject) => {
      mocks.uploads.push({ file, progress, resolve, reject });
    }),
}));

afterEach(() => {
  cleanup();
  mocks.uploads.length = 0;
});

function renderZone() {
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <DropZone />
    </QueryClientProvider>,
  );
}

const file = (name: string, text = 'a,b\n') => new File([text], name, { type: 'text/csv' });

describe('DropZone', () => {
  it('uploads every dropped file on its own, with its own progress bar and outcome', async () => {
    renderZone();
    fireEvent.drop(screen.getByTestId('drop-zone'), {
      dataTransfer: { files: [file('a.csv'), file('b.exe.csv')] },
    });
    expect(mocks.uploads.map((u) => u.file.name)).toEqual(['a.csv', 'b.exe.csv']);
    const barA = screen.getByRole('progressbar', { name: 'Uploading a.csv' });
    expect(barA.getAttribute('aria-valuenow')).toBe('0');

    await act(async () => mocks.uploads[0]?.progress(0.42));
    expect(barA.getAttribute('aria-valuenow')).toBe('42');
    expect(barA.getAttribute('aria-valuetext')).toBe('42%');

    await act(async () => {
      mocks.uploads[0]?.resolve();
      mocks.uploads[1]?.reject(new Error('b.exe.csv: not a PDF, image, CSV, XLSX or bank statement file'));
    });
    expect(screen.getByRole('progressbar', { name: 'Uploading a.csv' }).getAttribute('aria-valuetext')).toBe(
      'Uploaded',
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'b.exe.csv: not a PDF, image, CSV, XLSX or bank statement file',
    );
    expect(screen.queryByRole('progressbar', { name: 'Uploading b.exe.csv' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss b.exe.csv' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('takes files from the "Choose files" picker too', () => {
    renderZone();
    const input = screen.getByLabelText('Documents to upload') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file('picked.csv')] } });
    expect(mocks.uploads.map((u) => u.file.name)).toEqual(['picked.csv']);
    expect(screen.getByRole('progressbar', { name: 'Uploading picked.csv' })).toBeTruthy();
  });
});
