import { SNACKBAR_DURATION_MS, TOAST_DURATION_MS } from '@counterpart/domain';
import { createStore, type StoreApi } from 'zustand/vanilla';

export type ToastType = 'info' | 'success' | 'warning' | 'error';
export type ToastVariant = 'toast' | 'snackbar';
export type ToastPlacement = 'top-right' | 'bottom';

export interface ToastOptions {
  /** Milliseconds before it hides; null keeps it until closed. */
  duration?: number | null;
  /** Showing a toast with an id already shown replaces that toast. */
  id?: string;
  /** One action offered in the toast (Undo); choosing it closes the toast. */
  action?: ToastAction;
}

export interface ToastAction {
  label: string;
  onAction: () => void;
}

export interface Toast {
  id: string;
  type: ToastType;
  variant: ToastVariant;
  placement: ToastPlacement;
  title: string;
  message?: string;
  duration: number | null;
  paused: boolean;
  action?: ToastAction;
}

export interface ToastState {
  toasts: Toast[];
}

export interface ShowToastInput extends ToastOptions {
  type: ToastType;
  title: string;
  message?: string;
  variant?: ToastVariant;
}

export interface ToastStoreConfig {
  /** Showing more than this drops the oldest toasts. */
  maxCount?: number;
  defaultDuration?: number;
  snackbarDuration?: number;
}

export interface ToastStore {
  store: StoreApi<ToastState>;
  show: (input: ShowToastInput) => string;
  dismiss: (id: string) => void;
  /** Stops the hide countdown (hover, focus). */
  pause: (id: string) => void;
  /** Restarts the countdown with the time that was left when paused. */
  resume: (id: string) => void;
  clear: () => void;
}

interface Countdown {
  timer?: ReturnType<typeof setTimeout>;
  remaining: number;
  startedAt: number;
}

export function createToastStore({
  maxCount = 5,
  defaultDuration = TOAST_DURATION_MS,
  snackbarDuration = SNACKBAR_DURATION_MS,
}: ToastStoreConfig = {}): ToastStore {
  const store = createStore<ToastState>(() => ({ toasts: [] }));
  const countdowns = new Map<string, Countdown>();
  let sequence = 0;

  const stopCountdown = (id: string) => {
    const countdown = countdowns.get(id);
    if (countdown?.timer !== undefined) clearTimeout(countdown.timer);
    countdowns.delete(id);
  };

  const startCountdown = (id: string, remaining: number) => {
    countdowns.set(id, { remaining, startedAt: Date.now(), timer: setTimeout(() => dismiss(id), remaining) });
  };

  const update = (id: string, patch: Partial<Toast>) => {
    store.setState((state) => ({
      toasts: state.toasts.map((toast) => (toast.id === id ? { ...toast, ...patch } : toast)),
    }));
  };

  function dismiss(id: string) {
    stopCountdown(id);
    store.setState((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }));
  }

  function show({ type, title, message, variant = 'toast', duration, id, action }: ShowToastInput): string {
    const toastId = id ?? `toast-${++sequence}`;
    const resolvedDuration =
      duration === undefined ? (variant === 'snackbar' ? snackbarDuration : defaultDuration) : duration;
    const toast: Toast = {
      id: toastId,
      type,
      variant,
      placement: variant === 'snackbar' ? 'bottom' : 'top-right',
      title,
      message,
      duration: resolvedDuration,
      paused: false,
      ...(action ? { action } : {}),
    };
    stopCountdown(toastId);
    const others = store.getState().toasts.filter((existing) => existing.id !== toastId);
    const overflow = Math.max(0, others.length + 1 - maxCount);
    for (const dropped of others.slice(0, overflow)) stopCountdown(dropped.id);
    store.setState({ toasts: [...others.slice(overflow), toast] });
    if (resolvedDuration !== null) startCountdown(toastId, resolvedDuration);
    return toastId;
  }

  function pause(id: string) {
    const countdown = countdowns.get(id);
    if (!countdown || countdown.timer === undefined) return;
    clearTimeout(countdown.timer);
    const remaining = Math.max(0, countdown.remaining - (Date.now() - countdown.startedAt));
    countdowns.set(id, { remaining, startedAt: Date.now() });
    update(id, { paused: true });
  }

  function resume(id: string) {
    const countdown = countdowns.get(id);
    if (!countdown || countdown.timer !== undefined) return;
    startCountdown(id, countdown.remaining);
    update(id, { paused: false });
  }

  function clear() {
    for (const id of [...countdowns.keys()]) stopCountdown(id);
    store.setState({ toasts: [] });
  }

  return { store, show, dismiss, pause, resume, clear };
}

/** The app-wide toast queue rendered by <Toaster />. */
export const toastStore = createToastStore();

type ShowByType = (title: string, message?: string, options?: ToastOptions) => string;

function showOf(type: ToastType): ShowByType {
  return (title, message, options) => toastStore.show({ type, title, message, ...options });
}

/** Notifications from anywhere (also outside React): `toast.success('Saved')`. Each call returns the id. */
export const toast: {
  info: ShowByType;
  success: ShowByType;
  warning: ShowByType;
  error: ShowByType;
  /** 20 s notice at the bottom of the screen. */
  snackbar: ShowByType;
  dismiss: (id: string) => void;
} = {
  info: showOf('info'),
  success: showOf('success'),
  warning: showOf('warning'),
  error: showOf('error'),
  snackbar: (title, message, options) =>
    toastStore.show({ type: 'info', variant: 'snackbar', title, message, ...options }),
  dismiss: (id) => toastStore.dismiss(id),
};
