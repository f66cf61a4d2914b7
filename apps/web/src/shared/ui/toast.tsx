import { TOAST_Z_INDEX } from '@counterpart/domain';
import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import { type CSSProperties, type FocusEvent, type ReactNode, useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { classNames } from '../lib/class-names.ts';
import { type Toast, type ToastStore, type ToastType, toastStore } from './toast-store.ts';

export { toast } from './toast-store.ts';

const ICONS: Record<ToastType, ReactNode> = {
  info: <Info className="text-sky-600 dark:text-sky-400" />,
  success: <CircleCheck className="text-green-600 dark:text-green-400" />,
  warning: <TriangleAlert className="text-amber-600 dark:text-amber-400" />,
  error: <CircleAlert className="text-red-600 dark:text-red-400" />,
};

const ACCENTS: Record<ToastType, string> = {
  info: 'before:bg-sky-500',
  success: 'before:bg-green-500',
  warning: 'before:bg-amber-500',
  error: 'before:bg-red-500',
};

export interface ToasterProps {
  /** The queue to render; the app-wide one by default. */
  store?: ToastStore;
}

/**
 * Renders the toasts and snackbars; mount once near the app root. Toasts sit at the bottom, centred
 * (above the snackbars when there are some): at the top right they covered dialogs' close buttons
 * and the pages' buttons under the top bar, at the bottom right the grids' Previous / Next. While a
 * dialog is open they move beside, under or over it, or else just under its header, never over its
 * close button or its footer (`placeBesideDialog`).
 */
export function Toaster({ store = toastStore }: ToasterProps) {
  const toasts = useStore(store.store, (state) => state.toasts);
  const topRight = toasts.filter((item) => item.placement === 'top-right');
  const bottom = toasts.filter((item) => item.placement === 'bottom');
  const besideDialog = useDialogAvoidance(topRight.length > 0);
  return (
    <>
      <div
        role="status"
        aria-live="polite"
        aria-label="Notifications"
        data-placement={besideDialog ? besideDialog.where : 'corner'}
        style={{ zIndex: TOAST_Z_INDEX, ...besideDialog?.style }}
        className={classNames(
          'pointer-events-none fixed flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2',
          !besideDialog && 'left-1/2 -translate-x-1/2',
          !besideDialog && (bottom.length > 0 ? 'bottom-28' : 'bottom-4'),
        )}
      >
        {topRight.map((item) => (
          <ToastCard key={item.id} toast={item} store={store} />
        ))}
      </div>
      <div
        role="status"
        aria-live="polite"
        aria-label="Snackbar notifications"
        style={{ zIndex: TOAST_Z_INDEX }}
        className="pointer-events-none fixed bottom-4 left-1/2 flex w-[min(36rem,calc(100vw-2rem))] -translate-x-1/2 flex-col gap-2"
      >
        {bottom.map((item) => (
          <ToastCard key={item.id} toast={item} store={store} />
        ))}
      </div>
    </>
  );
}

/** Room kept for a toast beside or around a dialog, in px (a one-line toast is about 60 px high). */
const TOAST_WIDTH = 384;
const TOAST_ROOM = 88;
const GAP = 16;

export interface DialogBox {
  top: number;
  right: number;
  bottom: number;
  left: number;
  /** Where the dialog's header ends (its close button above). */
  headerBottom: number;
}

export interface ToastSpot {
  where: 'right' | 'left' | 'below' | 'above' | 'inside';
  style: CSSProperties;
}

/**
 * Where the toasts go while a dialog is open, in a viewport of `width` × `height`: in the gutter to
 * its right or left when there is one, else under it or over it, else (a dialog filling a phone's
 * screen) just under its header, so its close button and its footer stay free.
 */
export function placeBesideDialog(dialog: DialogBox, width: number, height: number): ToastSpot {
  const toastWidth = Math.min(TOAST_WIDTH, width - 2 * GAP);
  if (width - dialog.right >= toastWidth + 2 * GAP)
    return { where: 'right', style: { right: GAP, bottom: GAP } };
  if (dialog.left >= toastWidth + 2 * GAP) return { where: 'left', style: { left: GAP, bottom: GAP } };
  const centred = { left: Math.max(GAP, (width - toastWidth) / 2) };
  if (height - dialog.bottom >= TOAST_ROOM)
    return { where: 'below', style: { ...centred, top: dialog.bottom + 8 } };
  if (dialog.top >= TOAST_ROOM)
    return { where: 'above', style: { ...centred, bottom: height - dialog.top + 8 } };
  return { where: 'inside', style: { ...centred, top: dialog.headerBottom + 8 } };
}

/** The open modal dialog on top (the last one in the page), if any. */
function topDialog(): DialogBox | null {
  const dialogs = document.querySelectorAll<HTMLElement>('[role="dialog"][aria-modal="true"]');
  const dialog = dialogs[dialogs.length - 1];
  if (!dialog) return null;
  const box = dialog.getBoundingClientRect();
  if (box.width === 0) return null;
  const header = dialog.querySelector('[data-modal-close]')?.parentElement ?? dialog.firstElementChild;
  const headerBottom = header?.getBoundingClientRect().bottom ?? box.top;
  return { top: box.top, right: box.right, bottom: box.bottom, left: box.left, headerBottom };
}

/** While toasts show: where they go around an open dialog (null when none is open), kept up as dialogs open, close and resize. */
function useDialogAvoidance(active: boolean): ToastSpot | null {
  const [spot, setSpot] = useState<ToastSpot | null>(null);
  useEffect(() => {
    if (!active) {
      setSpot(null);
      return;
    }
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const dialog = topDialog();
        const next = dialog ? placeBesideDialog(dialog, window.innerWidth, window.innerHeight) : null;
        setSpot((previous) => (JSON.stringify(previous) === JSON.stringify(next) ? previous : next));
      });
    };
    measure();
    const observer = new MutationObserver(measure);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', measure);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [active]);
  return spot;
}

function ToastCard({ toast, store }: { toast: Toast; store: ToastStore }) {
  const snackbar = toast.variant === 'snackbar';
  const pause = () => store.pause(toast.id);
  const resume = () => store.resume(toast.id);
  const resumeWhenFocusLeaves = (event: FocusEvent<HTMLDivElement>) => {
    if (!(event.relatedTarget instanceof Node) || !event.currentTarget.contains(event.relatedTarget))
      resume();
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only pause the hide countdown.
    <div
      role={toast.type === 'error' ? 'alert' : undefined}
      data-toast-type={toast.type}
      onMouseEnter={pause}
      onMouseLeave={resume}
      onFocus={pause}
      onBlur={resumeWhenFocusLeaves}
      className={classNames(
        'pointer-events-auto relative flex items-start gap-3 overflow-hidden rounded-lg border py-3 pr-2 pl-4 shadow-lg',
        'before:absolute before:inset-y-0 before:left-0 before:w-1 [&_svg]:size-5 [&_svg]:shrink-0',
        snackbar
          ? 'border-zinc-800 bg-zinc-900 text-zinc-50 dark:border-zinc-200 dark:bg-zinc-50 dark:text-zinc-900'
          : 'border-zinc-200 bg-white text-zinc-900 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-50',
        ACCENTS[toast.type],
      )}
    >
      {!snackbar && (
        <span aria-hidden="true" className="mt-px">
          {ICONS[toast.type]}
        </span>
      )}
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-semibold break-words">{toast.title}</p>
        {toast.message && (
          <p
            className={classNames(
              'mt-0.5 break-words',
              snackbar ? 'text-zinc-300 dark:text-zinc-600' : 'text-zinc-600 dark:text-zinc-400',
            )}
          >
            {toast.message}
          </p>
        )}
        {toast.action && (
          <button
            type="button"
            onClick={() => {
              store.dismiss(toast.id);
              toast.action?.onAction();
            }}
            className={classNames(
              'mt-1.5 rounded-md px-2 py-1 -ml-2 font-semibold underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)]',
              snackbar ? 'text-zinc-50 dark:text-zinc-900' : 'text-[var(--color-primary-text)]',
            )}
          >
            {toast.action.label}
          </button>
        )}
      </div>
      <button
        type="button"
        aria-label="Close notification"
        title="Close notification"
        onClick={() => store.dismiss(toast.id)}
        className={classNames(
          'rounded-md p-1 transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)] [&_svg]:size-4',
          snackbar
            ? 'text-zinc-400 hover:bg-zinc-800 hover:text-zinc-100 dark:text-zinc-500 dark:hover:bg-zinc-200 dark:hover:text-zinc-900'
            : 'text-zinc-400 hover:bg-zinc-100 hover:text-zinc-700 dark:text-zinc-500 dark:hover:bg-zinc-800 dark:hover:text-zinc-200',
        )}
      >
        <X aria-hidden="true" />
      </button>
    </div>
  );
}
