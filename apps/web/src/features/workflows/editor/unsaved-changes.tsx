import { type ReactNode, useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { type BlockerFunction, useBlocker } from 'react-router';
import { ConfirmDialog } from '../../../shared/ui/modal.tsx';

export const UNSAVED_MESSAGE = 'You have unsaved changes. Leave without saving?';

export interface UnsavedChangesGuard {
  /** The Leave / Stay dialog, shown while a navigation waits. */
  dialog: ReactNode;
  /** Lets the next navigation through at once (right after a save, before the page re-renders). */
  markSaved: () => void;
}

/**
 * Asks before leaving with unsaved changes: an in-app navigation (the app's data router's
 * `useBlocker`) waits on a Leave / Stay dialog; closing or reloading the tab gets the browser's own
 * `beforeunload` prompt. Navigating within the same page (its query or hash) is never blocked.
 */
export function useUnsavedChangesGuard(dirty: boolean): UnsavedChangesGuard {
  const dirtyRef = useRef(dirty);
  useLayoutEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current && currentLocation.pathname !== nextLocation.pathname,
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirtyRef.current) return;
      event.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const dialog = (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Unsaved changes"
      message={UNSAVED_MESSAGE}
      confirmLabel="Leave"
      cancelLabel="Stay"
      tone="danger"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
  return {
    dialog,
    markSaved: () => {
      dirtyRef.current = false;
    },
  };
}
