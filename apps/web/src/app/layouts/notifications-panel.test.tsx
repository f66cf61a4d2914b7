// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATIONS_DEFAULTS, useNotificationsStore } from '../../shared/stores/notifications-store.ts';
import { NotificationsPanel } from './notifications-panel.tsx';

const api = vi.hoisted(() => ({
  clearNotifications: vi.fn(async () => {}),
  startExport: vi.fn(async () => ({ id: 'job-77', source: 'export_document' as const })),
  readNotifications: vi.fn(async () => {}),
  downloadFile: vi.fn(async () => {}),
}));

vi.mock('../../shared/notifications/notifications-api.ts', () => ({
  clearNotifications: api.clearNotifications,
  startExport: api.startExport,
}));
vi.mock('../realtime/realtime-feed.ts', () => ({ readNotifications: api.readNotifications }));
vi.mock('../realtime/export-download.ts', () => ({
  DOWNLOADING_MESSAGE: 'Downloading...',
  DOWNLOAD_FAILED: 'Download failed',
  downloadFile: api.downloadFile,
}));

const store = () => useNotificationsStore.getState();

beforeEach(() => {
  vi.clearAllMocks();
  useNotificationsStore.setState({ ...NOTIFICATIONS_DEFAULTS, scope: 'amina@org-1' });
});

afterEach(cleanup);

function renderPanel() {
  render(<NotificationsPanel labelledBy="bell" />);
  return screen.getByRole('dialog');
}

describe('NotificationsPanel', () => {
  it('has real tabs that arrow keys, Home and End move between, and fetches and reads notifications on open', () => {
    renderPanel();
    expect(api.readNotifications).toHaveBeenCalledTimes(1);
    const processes = screen.getByRole('tab', { name: /Processes/ });
    const notifications = screen.getByRole('tab', { name: /Notifications/ });
    expect(processes.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(processes);
    expect(screen.getByRole('tabpanel').textContent).toContain('No background processes');
    fireEvent.keyDown(processes, { key: 'ArrowRight' });
    expect(notifications.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(notifications);
    expect(screen.getByRole('tabpanel').textContent).toContain('All caught up');
    fireEvent.keyDown(notifications, { key: 'ArrowRight' });
    expect(processes.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(processes, { key: 'End' });
    expect(notifications.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(notifications, { key: 'Home' });
    expect(processes.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(processes.id);
  });

  it('shows an error process as a closable alert with message and id, others as cards with percent and bar', () => {
    act(() => {
      store().applyMessage({
        id: 'job-1',
        source: 'export_document',
        info: { status: 'running', progress: 42, message: 'Writing rows', displayType: 'progress' },
      });
      store().applyMessage({ id: 'job-2', source: 'workflow', info: { progress: 10, message: 'No bar' } });
      store().applyMessage({
        id: 'job-3',
        source: 'dashboards',
        info: { status: 'ERROR', message: 'Disk full' },
      });
    });
    renderPanel();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Disk full');
    expect(alert.textContent).toContain('job-3');
    const card = screen.getByText('Writing rows').closest('li');
    if (!card) throw new Error('no card');
    expect(card.textContent).toContain('job-1');
    expect(card.textContent).toContain('42%');
    expect(within(card).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('42');
    const plain = screen.getByText('No bar').closest('li');
    expect(plain && within(plain).queryByRole('progressbar')).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Dismiss' }));
    expect(store().processes.map((p) => p.id)).toEqual(['job-2']);
  });

  it('Clear empties only the active tab; on Notifications it also clears them on the server', () => {
    act(() => {
      store().applyMessage({ id: 'job-1', source: 'workflow', info: { progress: 5 } });
      store().applyMessage({ id: 'n1', source: 'notification', info: { message: 'Export ready: a.csv' } });
    });
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByText('No background processes')).toBeTruthy();
    expect(api.clearNotifications).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Clear' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('tab', { name: /Notifications/ }));
    expect(screen.getByText('Export ready: a.csv')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByText('All caught up')).toBeTruthy();
    expect(api.clearNotifications).toHaveBeenCalledTimes(1);
  });

  it('offers a download on a notification that carries a file', () => {
    act(() => {
      store().applyMessage({
        id: 'n1',
        source: 'notification',
        info: { status: 'completed', message: 'Export ready', url: '/api/exports/tok/notifications.csv' },
      });
    });
    renderPanel();
    fireEvent.click(screen.getByRole('tab', { name: /Notifications/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Download notifications.csv' }));
    expect(api.downloadFile).toHaveBeenCalledWith('/api/exports/tok/notifications.csv', 'notifications.csv');
  });

  it('Export → CSV starts an export and shows its card at once in Processes, queued at 0 %', async () => {
    renderPanel();
    fireEvent.click(screen.getByRole('tab', { name: /Notifications/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    const menu = screen.getByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['CSV', 'Excel']);
    await act(async () => {
      fireEvent.click(within(menu).getByRole('menuitem', { name: 'CSV' }));
    });
    expect(api.startExport).toHaveBeenCalledWith({ area: 'notifications', format: 'csv' });
    expect(screen.getByRole('tab', { name: /Processes/ }).getAttribute('aria-selected')).toBe('true');
    const card = screen.getByText('Queued').closest('li');
    expect(card?.textContent).toContain('job-77');
    expect(card?.textContent).toContain('0%');
  });
});
