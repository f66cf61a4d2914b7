import {
  type AppliedMessage,
  applyRealtimeMessage,
  type FeedItem,
  type IncomingMessage,
  isErrorStatus,
  mergeStoredNotifications,
  type ProcessCompleted,
  type RealtimeState,
} from '@counterpart/domain';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type { BackgroundProcess, FeedItem } from '@counterpart/domain';

export type NotificationList = keyof RealtimeState;

export interface NotificationsState extends RealtimeState {
  /** Whose lists these are (`user@organization`): another user or organization starts empty. */
  scope: string | null;
  /** created_at of the newest stored notification seen: a reconnecting tab asks for what came after it. */
  notificationsSince: string | null;
  /** Notifications dismissed one by one, so a later fetch does not bring them back (newest 200). */
  dismissedNotificationIds: string[];
}

export interface NotificationsActions {
  clearList: (list: NotificationList) => void;
  removeProcess: (id: string) => void;
  removeNotification: (item: FeedItem) => void;
  /** Runs a real-time message through the reducer (spec §4); returns its events (process-completed). */
  applyMessage: (message: IncomingMessage) => ProcessCompleted[];
  /** Shows a process the user just started (queued, 0 %) unless the socket already reported on it. */
  addStartedProcess: (id: string, source: string) => void;
  /** Merges notifications fetched from the server (newest first) and moves the `since` mark. */
  mergeNotifications: (stored: Array<FeedItem & { created_at: string }>) => void;
  markAllRead: () => void;
  /** Empties every list when the signed-in user or organization is not the one they belong to. */
  enterScope: (scope: string) => void;
}

export const NOTIFICATIONS_STORE_KEY = 'counterpart-notifications';

export const NOTIFICATIONS_DEFAULTS: NotificationsState = {
  processes: [],
  notifications: [],
  messages: [],
  scope: null,
  notificationsSince: null,
  dismissedNotificationIds: [],
};

const DISMISSED_KEPT = 200;

/** Ids of processes that completed or failed in this tab: a late "queued" must not bring them back. */
const settledProcessIds = new Set<string>();

function newest(a: string | null, b: string): string {
  return a === null || Date.parse(b) > Date.parse(a) ? b : a;
}

/** Persisted realtime state: three lists (processes, notifications, messages) filled by the realtime feed. */
export const useNotificationsStore = create<NotificationsState & NotificationsActions>()(
  persist(
    (set, get) => ({
      ...NOTIFICATIONS_DEFAULTS,
      clearList: (list) => set({ [list]: [] }),
      removeProcess: (id) => set((state) => ({ processes: state.processes.filter((p) => p.id !== id) })),
      removeNotification: (item) =>
        set((state) => ({
          notifications: state.notifications.filter((existing) => existing !== item),
          dismissedNotificationIds:
            item.id === undefined
              ? state.dismissedNotificationIds
              : [item.id, ...state.dismissedNotificationIds].slice(0, DISMISSED_KEPT),
        })),
      applyMessage: (message) => {
        let applied: AppliedMessage | undefined;
        set((state) => {
          applied = applyRealtimeMessage(state, message);
          return applied.state;
        });
        const id = message.id;
        if (id && (applied?.events.length || isErrorStatus(message.info?.status ?? undefined)))
          settledProcessIds.add(id);
        return applied?.events ?? [];
      },
      addStartedProcess: (id, source) => {
        if (settledProcessIds.has(id) || get().processes.some((process) => process.id === id)) return;
        get().applyMessage({
          id,
          source,
          info: { status: 'queued', progress: 0, message: 'Queued', displayType: 'progress' },
        });
      },
      mergeNotifications: (stored) =>
        set((state) => {
          const dismissed = new Set(state.dismissedNotificationIds);
          const fresh = stored.filter((item) => item.id === undefined || !dismissed.has(item.id));
          const since = stored.reduce(
            (mark, item) => newest(mark, item.created_at),
            state.notificationsSince,
          );
          return { ...mergeStoredNotifications(state, fresh), notificationsSince: since };
        }),
      markAllRead: () =>
        set((state) => ({ notifications: state.notifications.map((item) => ({ ...item, read: true })) })),
      enterScope: (scope) => {
        if (get().scope === scope) return;
        settledProcessIds.clear();
        set({ ...NOTIFICATIONS_DEFAULTS, scope });
      },
    }),
    {
      name: NOTIFICATIONS_STORE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      // Version 0 kept processes in another shape: start again rather than show them wrong.
      migrate: () => NOTIFICATIONS_DEFAULTS,
      partialize: ({
        processes,
        notifications,
        messages,
        scope,
        notificationsSince,
        dismissedNotificationIds,
      }) => ({
        processes,
        notifications,
        messages,
        scope,
        notificationsSince,
        dismissedNotificationIds,
      }),
    },
  ),
);

/** The bell's count: background processes plus notifications. */
export function countUnseen(state: RealtimeState): number {
  return state.processes.length + state.notifications.length;
}
