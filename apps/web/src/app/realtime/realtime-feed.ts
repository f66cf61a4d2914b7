import type { ProcessCompleted } from '@counterpart/domain';
import { useEffect } from 'react';
import { fetchNotifications, markNotificationsRead } from '../../shared/notifications/notifications-api.ts';
import { getFreshToken } from '../../shared/session/keycloak-session.ts';
import { showSessionDialog, useSessionStore } from '../../shared/session/session-store.ts';
import { useNotificationsStore } from '../../shared/stores/notifications-store.ts';
import { toast } from '../../shared/ui/toast.tsx';
import { downloadCompletedProcess } from './export-download.ts';
import { createRealtimeSocket, TOO_MANY_RECONNECTS } from './realtime-socket.ts';
import { parseFrame, socketAddress } from './realtime-wire.ts';

/** Source of the message an administrator's change of this user's grants or groups sends. */
export const PERMISSIONS_SOURCE = 'permissions';

/**
 * One frame off the socket: through the reducer into the store; completed exports download; a
 * permissions change asks the user to refresh ("Your Permissions Have Changed").
 */
export function receiveFrame(text: string): void {
  const message = parseFrame(text);
  if (!message) {
    console.warn('Ignored a real-time frame that is not a message');
    return;
  }
  if (message.source === PERMISSIONS_SOURCE) showSessionDialog('permissions-changed');
  let events: ProcessCompleted[];
  try {
    events = useNotificationsStore.getState().applyMessage(message);
  } catch (error) {
    toast.error(error instanceof Error ? error.message : String(error));
    return;
  }
  for (const event of events) void downloadCompletedProcess(event.process);
}

/** Fetches the notifications stored since the newest one this tab knows (all of them on a first visit). */
export async function catchUpNotifications(): Promise<void> {
  const store = useNotificationsStore.getState();
  try {
    store.mergeNotifications(await fetchNotifications(store.notificationsSince));
  } catch (error) {
    console.warn('Could not fetch notifications', error);
  }
}

/** Opening the panel: catch up, then mark everything read on the server and in the list. */
export async function readNotifications(): Promise<void> {
  await catchUpNotifications();
  const { notifications, markAllRead } = useNotificationsStore.getState();
  if (notifications.every((item) => item.read === true)) return;
  try {
    await markNotificationsRead();
    markAllRead();
  } catch (error) {
    console.warn('Could not mark notifications read', error);
  }
}

/**
 * Connects the signed-in user's tab to the organization's real-time feed; returns the disconnect.
 * Each (re)connection first fetches the notifications missed while it was away.
 */
export function startRealtimeFeed(organizationId: string, scope: string): () => void {
  useNotificationsStore.getState().enterScope(scope);
  const socket = createRealtimeSocket({
    address: async (freshToken) => {
      const token = await getFreshToken(freshToken ? -1 : 5);
      return token ? socketAddress(window.location, organizationId, token) : null;
    },
    onMessage: receiveFrame,
    onOpen: () => void catchUpNotifications(),
    onGiveUp: () => toast.error(TOO_MANY_RECONNECTS, undefined, { duration: null, id: 'realtime-give-up' }),
  });
  socket.start();
  return () => socket.stop();
}

/** Keeps the feed connected while a user is signed in with an organization (mounted by the app layout). */
export function useRealtimeFeed(): void {
  const organizationId = useSessionStore((state) => state.organizationId);
  const user = useSessionStore((state) => state.user?.username || state.user?.email || null);
  useEffect(() => {
    if (!organizationId || !user) return;
    return startRealtimeFeed(organizationId, `${user}@${organizationId}`);
  }, [organizationId, user]);
}
