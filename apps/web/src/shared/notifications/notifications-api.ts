import {
  type ExportStarted,
  exportStartedSchema,
  notificationsPageSchema,
  type StartExportInput,
  type StoredNotification,
} from '@counterpart/contracts';
import { http } from '../session/http-client.ts';

/** Largest page the API gives, and how many pages a catch-up reads at most. */
const CATCH_UP_PAGE_SIZE = 200;
const CATCH_UP_MAX_PAGES = 5;

/**
 * Stored notifications, newest first: everything after `since` (a reconnecting tab's catch-up, read
 * page by page), or the newest page when the tab knows nothing yet.
 */
export async function fetchNotifications(since: string | null): Promise<StoredNotification[]> {
  if (since === null) {
    const page = await http.get('/api/notifications', { schema: notificationsPageSchema });
    return page.data;
  }
  const all: StoredNotification[] = [];
  for (let pageNo = 1; pageNo <= CATCH_UP_MAX_PAGES; pageNo++) {
    const page = await http.get('/api/notifications', {
      query: { since, page_no: pageNo, page_size: CATCH_UP_PAGE_SIZE },
      schema: notificationsPageSchema,
    });
    all.push(...page.data);
    if (page.data.length < CATCH_UP_PAGE_SIZE || all.length >= page.total) break;
  }
  return all;
}

/** Marks all of the user's notifications in this organization read. */
export async function markNotificationsRead(): Promise<void> {
  await http.post('/api/notifications/read', {});
}

/** Deletes all of the user's notifications in this organization (the Notifications tab's Clear). */
export async function clearNotifications(): Promise<void> {
  await http.delete('/api/notifications');
}

/** Starts an export job; its id is the process id the socket reports on. */
export function startExport(request: StartExportInput): Promise<ExportStarted> {
  return http.post('/api/exports', request, { schema: exportStartedSchema });
}
