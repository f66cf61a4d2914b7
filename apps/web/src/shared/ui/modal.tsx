import { X } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { classNames } from '../lib/class-names.ts';
import { trapTab, useDialogFocus } from '../lib/use-dialog-focus.ts';
import { Button, IconButton } from './button.tsx';
import { ModalLayer } from './modal-layer.tsx';

export type ModalSize = 'small' | 'medium' | 'normal' | 'large';

/** Spec §9 dialog widths. */
const SIZES: Record<ModalSize, string> = {
  small: 'max-w-sm',
  medium: 'max-w-[500px]',
  normal: 'max-w-4xl',
  large: 'max-w-7xl',
};

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  size?: ModalSize;
  children?: ReactNode;
  /** Actions row at the bottom, e.g. Cancel + Save buttons. */
  footer?: ReactNode;
  /** When false, Escape, the backdrop and the close button do not close it. */
  dismissible?: boolean;
}

/**
 * Accessible dialog in a portal, on a backdrop that dims the whole page (`ModalLayer`). Focus moves to
 * the element marked `data-autofocus`, else the first focusable element of the content, and comes back
 * to the opener when the dialog closes.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  size = 'medium',
  children,
  footer,
  dismissible = true,
}: ModalProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  const dismissibleRef = useRef(dismissible);
  useEffect(() => {
    onCloseRef.current = onClose;
    dismissibleRef.current = dismissible;
  });

  useDialogFocus(open, panelRef);

  if (!open) return null;

  const requestClose = () => {
    if (dismissibleRef.current) onCloseRef.current();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Events from a nested dialog bubble here through React's tree; only handle our own.
    if (!(event.target instanceof Node) || !event.currentTarget.contains(event.target)) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      requestClose();
    } else if (event.key === 'Tab') {
      trapTab(event, event.currentTarget);
    }
  };

  return (
    <ModalLayer onBackdropClick={requestClose}>
      {/* Centres the panel in view; clicks around it fall through to the backdrop. */}
      <div className="pointer-events-none fixed inset-0 flex items-start justify-center overflow-y-auto p-4 sm:items-center sm:p-6">
        <div
          ref={panelRef}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={description ? descriptionId : undefined}
          tabIndex={-1}
          onKeyDown={handleKeyDown}
          className={classNames(
            'pointer-events-auto relative my-auto flex max-h-[calc(100dvh-2rem)] w-full flex-col rounded-xl border border-zinc-200 bg-white text-zinc-900 shadow-xl',
            'focus:outline-none dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100',
            SIZES[size],
          )}
        >
          <div className="flex items-start justify-between gap-4 border-b border-zinc-200 px-5 py-4 dark:border-zinc-800">
            <div className="min-w-0">
              <h2 id={titleId} className="text-base font-semibold text-zinc-900 dark:text-zinc-50">
                {title}
              </h2>
              {description && (
                <p id={descriptionId} className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">
                  {description}
                </p>
              )}
            </div>
            {dismissible && (
              <IconButton
                label="Close dialog"
                size="sm"
                data-modal-close=""
                onClick={requestClose}
                className="-mr-2"
              >
                <X />
              </IconButton>
            )}
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4 text-sm">{children}</div>
          {footer && (
            <div className="flex flex-wrap items-center justify-end gap-2 rounded-b-xl border-t border-zinc-200 bg-zinc-50 px-5 py-3 dark:border-zinc-800 dark:bg-zinc-900/60">
              {footer}
            </div>
          )}
        </div>
      </div>
    </ModalLayer>
  );
}

export type ConfirmTone = 'primary' | 'danger';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** 'danger' paints the confirm button red and focuses Cancel first. */
  tone?: ConfirmTone;
  /** Shows a spinner on the confirm button and blocks dismissal while the action runs. */
  loading?: boolean;
}

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
  tone = 'primary',
  loading = false,
}: ConfirmDialogProps) {
  const danger = tone === 'danger';
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      size="small"
      dismissible={!loading}
      footer={
        <>
          <Button
            variant="secondary"
            onClick={onCancel}
            disabled={loading}
            data-autofocus={danger ? '' : undefined}
          >
            {cancelLabel}
          </Button>
          <Button
            variant={danger ? 'danger' : 'primary'}
            onClick={onConfirm}
            loading={loading}
            data-autofocus={danger ? undefined : ''}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="text-zinc-600 dark:text-zinc-300">{message}</div>
    </Modal>
  );
}
