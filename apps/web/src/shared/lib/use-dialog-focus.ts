import { type KeyboardEvent, type RefObject, useEffect } from 'react';
import { listTabbableElements } from './focusable.ts';

/**
 * What every modal surface (dialogs, the mobile drawer) does while open: focus moves inside,
 * the page behind stops scrolling, and on close focus returns to the element that opened it.
 */
export function useDialogFocus(open: boolean, panelRef: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    if (panel) focusInitialElement(panel);
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previousOverflow;
      if (opener?.isConnected) opener.focus();
    };
  }, [open, panelRef]);
}

/** The element marked data-autofocus, else the first tabbable one that is not a close button. */
export function focusInitialElement(panel: HTMLElement) {
  const marked = panel.querySelector<HTMLElement>('[data-autofocus]');
  const tabbable = listTabbableElements(panel);
  const target =
    marked ?? tabbable.find((element) => !element.hasAttribute('data-modal-close')) ?? tabbable[0];
  (target ?? panel).focus();
}

/** Keeps Tab and Shift+Tab cycling inside `panel`. */
export function trapTab(event: KeyboardEvent<HTMLElement>, panel: HTMLElement) {
  const tabbable = listTabbableElements(panel);
  const first = tabbable[0];
  const last = tabbable[tabbable.length - 1];
  if (!first || !last) {
    event.preventDefault();
    panel.focus();
    return;
  }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === panel)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}
