import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { classNames } from '../lib/class-names.ts';

export interface ModalLayerProps {
  /** A click on the dimmed page (not on the surface). */
  onBackdropClick: () => void;
  /** The surface: a `fixed` element, so it stays in view wherever the page is scrolled. */
  children: ReactNode;
  className?: string;
}

/**
 * What every modal surface (dialogs, the mobile drawer) sits on, in a portal above the app shell: a
 * backdrop that dims the page's whole length, not only the part in view. It is `absolute` in the
 * body (positioned in index.css), so a page scrolled before the dialog opened, or captured full
 * length, is dimmed above and below the viewport too; a `fixed` one covers the viewport only.
 */
export function ModalLayer({ onBackdropClick, children, className }: ModalLayerProps) {
  return createPortal(
    <div className={classNames('absolute inset-0 z-50 min-h-dvh', className)}>
      <div
        aria-hidden="true"
        data-testid="modal-backdrop"
        className="absolute inset-0 bg-zinc-950/50 backdrop-blur-[2px] dark:bg-black/70"
        onClick={onBackdropClick}
      />
      {children}
    </div>,
    document.body,
  );
}
