import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** A background process as the realtime feed reports it (spec §3 "Background process"). */
export interface BackgroundProcess {
  id: string;
  status?: string;
  source?: string;
  displayType?: string;
  info?: { message?: string; progress?: number; url?: string };
}

/** A notification message (spec §3 "Notification"). */
export interface AppNotification {
  id?: string;
  source?: string;
  info?: { message?: string };
}

export interface NotificationsState {
  processes: BackgroundProcess[];
  notifications: AppNotification[];
  messages: AppNotification[];
}

export type NotificationList = keyof NotificationsState;

export interface NotificationsActions {
  clearList: (list: NotificationList) => void;
  removeProcess: (id: string) => void;
  removeNotification: (index: number) => void;
}

export const NOTIFICATIONS_STORE_KEY = 'counterpart-notifications';

export const NOTIFICATIONS_DEFAULTS: NotificationsState = { processes: [], notifications: [], messages: [] };

/** Persisted realtime state: three lists (processes, notifications, messages) filled by the realtime feed. */
export const useNotificationsStore = create<NotificationsState & NotificationsActions>()(
  persist(
    (set) => ({
      ...NOTIFICATIONS_DEFAULTS,
      clearList: (list) => set({ [list]: [] }),
      removeProcess: (id) => set((state) => ({ processes: state.processes.filter((p) => p.id !== id) })),
      removeNotification: (index) =>
        set((state) => ({ notifications: state.notifications.filter((_, i) => i !== index) })),
    }),
    {
      name: NOTIFICATIONS_STORE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ processes, notifications, messages }) => ({ processes, notifications, messages }),
    },
  ),
);

/** The bell's count: background processes plus notifications. */
export function countUnseen(state: NotificationsState): number {
  return state.processes.length + state.notifications.length;
}
