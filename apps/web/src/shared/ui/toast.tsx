import { TOAST_Z_INDEX } from '@counterpart/domain';
import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import type { FocusEvent, ReactNode } from 'react';
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

/** Renders the toasts (top-right) and snackbars (bottom); mount once near the app root. */
export function Toaster({ store = toastStore }: ToasterProps) {
  const toasts = useStore(store.store, (state) => state.toasts);
  const topRight = toasts.filter((item) => item.placement === 'top-right');
  const bottom = toasts.filter((item) => item.placement === 'bottom');
  return (
    <>
      <div
        role="status"
        aria-live="polite"
        aria-label="Notifications"
        style={{ zIndex: TOAST_Z_INDEX }}
        className="pointer-events-none fixed top-4 right-4 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2"
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
              snackbar ? 'text-zinc-50 dark:text-zinc-900' : 'text-[var(--color-primary)]',
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
