import type { StartExport } from '@counterpart/contracts';
import type { Cell } from '@counterpart/files';
import type { Db } from '../../db/database.ts';
import { countNotifications, notificationsForExport } from '../notifications/notifications.service.ts';
import { listMembers } from '../organizations/organizations.service.ts';
import { tableExportSource } from '../tables/items-export.service.ts';
import type { ExportOwner } from './exports.service.ts';

/** Rows are read and written this many at a time; progress is reported after each batch. */
export const EXPORT_BATCH_SIZE = 500;

/** What an area exports: its columns, how many rows, and the rows in batches (its module's query). */
export interface ExportSource {
  sheetName: string;
  /** The file's name before the date (default: the area). */
  fileBase?: string;
  columns: string[];
  count(): Promise<number>;
  batches(): AsyncIterable<Cell[][]>;
}

/** Each area's rows, read through its module's service. */
export async function exportSource(data: StartExport, db: Db, owner: ExportOwner): Promise<ExportSource> {
  if (data.area === 'table') return tableExportSource(db, owner.organizationId, data, EXPORT_BATCH_SIZE);
  return data.area === 'notifications'
    ? notificationsSource(db, owner)
    : membersSource(db, owner.organizationId);
}

/** The owner's own notifications in that organization, newest first. */
function notificationsSource(db: Db, owner: ExportOwner): ExportSource {
  return {
    sheetName: 'Notifications',
    columns: ['Created at', 'Event', 'Status', 'Message', 'Read'],
    count: () => countNotifications(db, owner),
    async *batches() {
      for await (const batch of notificationsForExport(db, owner, EXPORT_BATCH_SIZE)) {
        yield batch.map((n) => [
          new Date(n.created_at),
          n.source,
          n.info.status ?? '',
          n.info.message ?? '',
          n.read ? 'yes' : 'no',
        ]);
      }
    },
  };
}

/** The organization's members with their groups, by e-mail. */
function membersSource(db: Db, organizationId: string): ExportSource {
  let members: Awaited<ReturnType<typeof listMembers>> | null = null;
  const load = async () => {
    members ??= await listMembers(db, organizationId);
    return members;
  };
  return {
    sheetName: 'Members',
    columns: ['E-mail', 'Full name', 'Groups', 'Joined at'],
    count: async () => (await load()).length,
    async *batches() {
      const all = await load();
      for (let start = 0; start < all.length; start += EXPORT_BATCH_SIZE) {
        yield all
          .slice(start, start + EXPORT_BATCH_SIZE)
          .map((m) => [m.email, m.fullName, m.groups.join(', '), m.joinedAt]);
      }
    },
  };
}
