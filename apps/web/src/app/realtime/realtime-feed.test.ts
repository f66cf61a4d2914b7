// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { NOTIFICATIONS_DEFAULTS, useNotificationsStore } from '../../shared/stores/notifications-store.ts';
import { catchUpNotifications, readNotifications, receiveFrame } from './realtime-feed.ts';

const mocks = vi.hoisted(() => ({
  toastError: vi.fn(),
  download: vi.fn(async () => {}),
  fetchNotifications: vi.fn(async (_since: string | null) => [] as unknown[]),
  markNotificationsRead: vi.fn(async () => {}),
}));

vi.mock('../../shared/ui/toast.tsx', () => ({ toast: { error: mocks.toastError } }));
vi.mock('../../shared/session/keycloak-session.ts', () => ({ getFreshToken: async () => 'token' }));
vi.mock('./export-download.ts', () => ({ downloadCompletedProcess: mocks.download }));
vi.mock('../../shared/notifications/notifications-api.ts', () => ({
  fetchNotifications: mocks.fetchNotifications,
  markNotificationsRead: mocks.markNotificationsRead,
}));

const store = () => useNotificationsStore.getState();

beforeEach(() => {
  vi.clearAllMocks();
  useNotificationsStore.setState({ ...NOTIFICATIONS_DEFAULTS, scope: 'amina@org-1' });
});

describe('receiveFrame', () => {
  it('files a frame by its source through the reducer', () => {
    receiveFrame('{"id":"j1","source":"workflow","info":{"status":"running","progress":20}}');
    receiveFrame('{"id":"n1","source":"notification","info":{"message":"Done"}}');
    expect(store().processes.map((p) => p.id)).toEqual(['j1']);
    expect(store().notifications.map((n) => n.id)).toEqual(['n1']);
  });

  it('shows the exact error for a process without id and keeps the lists as they were', () => {
    receiveFrame('{"source":"export_document","info":{"progress":20}}');
    expect(mocks.toastError).toHaveBeenCalledWith('Provided data for background processes must have ID');
    expect(store().processes).toEqual([]);
  });

  it('hands a completed process to the download, once the card is gone', () => {
    receiveFrame('{"id":"j2","source":"export_document","info":{"progress":50}}');
    receiveFrame(
      '{"id":"j2","source":"export_document","info":{"progress":100,"url":"/api/exports/t/a.csv"}}',
    );
    expect(store().processes).toEqual([]);
    expect(mocks.download).toHaveBeenCalledWith({
      id: 'j2',
      source: 'export_document',
      info: { progress: 100, url: '/api/exports/t/a.csv' },
    });
  });

  it('asks to refresh when the permissions message arrives, and only then', () => {
    useSessionStore.setState({ dialog: null });
    receiveFrame('{"id":"n2","source":"notification","info":{"message":"Done"}}');
    expect(useSessionStore.getState().dialog).toBeNull();
    receiveFrame(
      '{"id":"p1","source":"permissions","info":{"status":"changed","message":"Your permissions have changed"}}',
    );
    expect(useSessionStore.getState().dialog).toBe('permissions-changed');
  });

  it('ignores what is not a message, with a warning in the console', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    receiveFrame('not json');
    receiveFrame('{"id":"x"}');
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
    expect(store().processes).toEqual([]);
    expect(mocks.toastError).not.toHaveBeenCalled();
  });
});

describe('catching up', () => {
  it('asks for what came after the newest notification it knows', async () => {
    const stored = {
      id: 'n1',
      source: 'export_document',
      info: {},
      read: false,
      created_at: '2026-03-01T10:00:00.000Z',
    };
    mocks.fetchNotifications.mockResolvedValueOnce([stored]);
    await catchUpNotifications();
    expect(mocks.fetchNotifications).toHaveBeenLastCalledWith(null);
    await catchUpNotifications();
    expect(mocks.fetchNotifications).toHaveBeenLastCalledWith('2026-03-01T10:00:00.000Z');
    expect(store().notifications).toEqual([stored]);
  });

  it('opening the panel marks unread notifications read, and calls nothing when all are read', async () => {
    receiveFrame('{"id":"n1","source":"notification","info":{"message":"Done"}}');
    await readNotifications();
    expect(mocks.markNotificationsRead).toHaveBeenCalledTimes(1);
    expect(store().notifications[0]?.read).toBe(true);
    await readNotifications();
    expect(mocks.markNotificationsRead).toHaveBeenCalledTimes(1);
  });
});
