// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileDropZone } from './file-drop-zone.tsx';

afterEach(cleanup);

const file = () => new File(['Date,Amount\n2026-01-15,10\n'], 'lines.csv', { type: 'text/csv' });

describe('FileDropZone', () => {
  it('takes a dropped file, and the picked one', () => {
    const onFile = vi.fn();
    const { container } = render(<FileDropZone onFile={onFile} />);
    const zone = screen.getByRole('group', { name: 'File to import' });
    const dropped = file();
    fireEvent.drop(zone, { dataTransfer: { files: [dropped] } });
    const picked = file();
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.accept).toContain('.xlsx');
    fireEvent.change(input, { target: { files: [picked] } });
    expect(onFile.mock.calls).toEqual([[dropped], [picked]]);
  });

  it('ignores a drop while an upload runs, and shows its progress and a refusal', () => {
    const onFile = vi.fn();
    render(
      <FileDropZone
        onFile={onFile}
        disabled
        progress={{ fileName: 'big.csv', percent: 42 }}
        error="The file is empty"
      />,
    );
    fireEvent.drop(screen.getByRole('group', { name: 'File to import' }), {
      dataTransfer: { files: [file()] },
    });
    expect(onFile).not.toHaveBeenCalled();
    expect(screen.getByRole('progressbar', { name: 'Uploading big.csv' }).getAttribute('aria-valuenow')).toBe(
      '42',
    );
    expect(screen.getByRole('alert').textContent).toBe('The file is empty');
    expect((screen.getByRole('button', { name: /Choose a file/ }) as HTMLButtonElement).disabled).toBe(true);
  });
});
