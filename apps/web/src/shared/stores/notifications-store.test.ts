// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  countUnseen,
  NOTIFICATIONS_DEFAULTS,
  NOTIFICATIONS_STORE_KEY,
  useNotificationsStore,
} from './notifications-store.ts';

const store = () => useNotificationsStore.getState();

beforeEach(() => {
  localStorage.clear();
  useNotificationsStore.setState({ ...NOTIFICATIONS_DEFAULTS, scope: 'amina@org-1' });
});

describe('notifications store', () => {
  it('runs socket messages through the reducer and returns process-completed', () => {
    expect(store().applyMessage({ id: 'j1', source: 'export_document', info: { progress: 40 } })).toEqual([]);
    expect(store().processes.map((p) => p.id)).toEqual(['j1']);
    const events = store().applyMessage({
      id: 'j1',
      source: 'export_document',
      info: { status: 'completed', progress: 100, url: '/api/exports/t/a.csv' },
    });
    expect(events.map((event) => event.type)).toEqual(['process-completed']);
    expect(store().processes).toEqual([]);
  });

  it('shows a started export as queued at 0 % until the socket says more', () => {
    store().addStartedProcess('j2', 'export_document');
    expect(store().processes).toEqual([
      {
        id: 'j2',
        source: 'export_document',
        info: { status: 'queued', progress: 0, message: 'Queued', displayType: 'progress' },
      },
    ]);
  });

  it('does not bring back, or reset, a process the socket already reported on', () => {
    store().applyMessage({ id: 'j3', source: 'export_document', info: { status: 'running', progress: 30 } });
    store().addStartedProcess('j3', 'export_document');
    expect(store().processes[0]?.info.progress).toBe(30);
    store().applyMessage({ id: 'j3', source: 'export_document', info: { progress: 100 } });
    store().addStartedProcess('j3', 'export_document');
    store().applyMessage({ id: 'j4', source: 'export_document', info: { status: 'Error', message: 'Boom' } });
    store().removeProcess('j4');
    store().addStartedProcess('j4', 'export_document');
    expect(store().processes).toEqual([]);
  });

  it('merges fetched notifications, moves the since mark and never doubles one', () => {
    store().applyMessage({ id: 'n1', source: 'notification', info: { message: 'live' } });
    store().mergeNotifications([
      {
        id: 'n2',
        source: 'export_document',
        info: { message: 'b' },
        read: false,
        created_at: '2026-03-01T10:00:02.000Z',
      },
      {
        id: 'n1',
        source: 'export_document',
        info: { message: 'live' },
        read: false,
        created_at: '2026-03-01T10:00:01.000Z',
      },
    ]);
    expect(store().notifications.map((n) => n.id)).toEqual(['n2', 'n1']);
    expect(store().notificationsSince).toBe('2026-03-01T10:00:02.000Z');
    store().mergeNotifications([]);
    expect(store().notificationsSince).toBe('2026-03-01T10:00:02.000Z');
  });

  it('keeps a dismissed notification away when a later fetch returns it', () => {
    const item = {
      id: 'n5',
      source: 'export_document',
      info: { message: 'x' },
      created_at: '2026-03-01T10:00:05.000Z',
    };
    store().mergeNotifications([item]);
    const listed = store().notifications[0];
    if (!listed) throw new Error('not merged');
    store().removeNotification(listed);
    store().mergeNotifications([item]);
    expect(store().notifications).toEqual([]);
  });

  it('marks all read, clears one list at a time, and counts processes plus notifications', () => {
    store().applyMessage({ id: 'j', source: 'workflow', info: { progress: 5 } });
    store().applyMessage({ id: 'n', source: 'notification', info: {} });
    store().applyMessage({ id: 'm', source: 'announcement', info: {} });
    expect(countUnseen(store())).toBe(2);
    store().markAllRead();
    expect(store().notifications.every((n) => n.read === true)).toBe(true);
    store().clearList('notifications');
    expect(store().notifications).toEqual([]);
    expect(store().processes).toHaveLength(1);
  });

  it('starts empty for another user or organization, and keeps the lists for the same one', () => {
    store().applyMessage({ id: 'j', source: 'workflow', info: { progress: 5 } });
    store().enterScope('amina@org-1');
    expect(store().processes).toHaveLength(1);
    store().enterScope('amina@org-2');
    expect(store().processes).toEqual([]);
    expect(store().scope).toBe('amina@org-2');
  });

  it('persists the lists in the browser', () => {
    store().applyMessage({ id: 'n9', source: 'notification', info: { message: 'kept' } });
    const saved = JSON.parse(localStorage.getItem(NOTIFICATIONS_STORE_KEY) ?? '{}');
    expect(saved.version).toBe(1);
    expect(saved.state.notifications).toEqual([
      { id: 'n9', source: 'notification', info: { message: 'kept' } },
    ]);
    expect(saved.state.scope).toBe('amina@org-1');
  });
});
