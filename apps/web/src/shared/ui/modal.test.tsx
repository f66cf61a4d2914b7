// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, Modal } from './modal.tsx';

afterEach(cleanup);

function Harness({
  dismissible = true,
  onClose = () => {},
}: {
  dismissible?: boolean;
  onClose?: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open rule
      </button>
      <Modal
        open={open}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        title="Edit rule"
        description="Change how rows match"
        dismissible={dismissible}
        footer={<button type="button">Save</button>}
      >
        <input aria-label="Rule name" />
      </Modal>
    </>
  );
}

function openModal() {
  const opener = screen.getByRole('button', { name: 'Open rule' });
  opener.focus();
  fireEvent.click(opener);
  return opener;
}

describe('Modal', () => {
  it('renders a labelled, described modal dialog in a portal and focuses the first field', () => {
    const { container } = render(<Harness />);
    openModal();
    const dialog = screen.getByRole('dialog', { name: 'Edit rule' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.getAttribute('aria-describedby')).toBe(screen.getByText('Change how rows match').id);
    expect(container.contains(dialog)).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Rule name' }));
  });

  it('keeps Tab focus inside the dialog in both directions', () => {
    render(<Harness />);
    openModal();
    const close = screen.getByRole('button', { name: 'Close dialog' });
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    fireEvent.keyDown(save, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(save);
  });

  it('closes on Escape and returns focus to the opener', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const opener = openModal();
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Rule name' }), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes on a backdrop click', () => {
    render(<Harness />);
    openModal();
    fireEvent.click(screen.getByTestId('modal-backdrop'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays open on Escape and backdrop click when not dismissible', () => {
    const onClose = vi.fn();
    render(<Harness dismissible={false} onClose={onClose} />);
    openModal();
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Rule name' }), { key: 'Escape' });
    fireEvent.click(screen.getByTestId('modal-backdrop'));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Close dialog' })).toBeNull();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('applies the spec size classes', () => {
    const { rerender } = render(
      <Modal open onClose={() => {}} title="Sized" size="small">
        body
      </Modal>,
    );
    expect(screen.getByRole('dialog').className).toContain('max-w-sm');
    rerender(
      <Modal open onClose={() => {}} title="Sized" size="large">
        body
      </Modal>,
    );
    expect(screen.getByRole('dialog').className).toContain('max-w-7xl');
  });
});

describe('ConfirmDialog', () => {
  it('confirms or cancels, focusing Cancel first for a danger action', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog
        open
        title="Delete workflow?"
        message="This cannot be undone."
        confirmLabel="Delete"
        tone="danger"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Delete workflow?' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});

describe('nested dialogs', () => {
  it('closes only the inner dialog on Escape', () => {
    const closeOuter = vi.fn();
    const cancelInner = vi.fn();
    render(
      <Modal open onClose={closeOuter} title="Outer">
        <ConfirmDialog
          open
          title="Inner"
          message="Sure?"
          confirmLabel="Yes"
          onConfirm={() => {}}
          onCancel={cancelInner}
        />
      </Modal>,
    );
    fireEvent.keyDown(screen.getByRole('button', { name: 'Yes' }), { key: 'Escape' });
    expect(cancelInner).toHaveBeenCalledTimes(1);
    expect(closeOuter).not.toHaveBeenCalled();
  });
});
