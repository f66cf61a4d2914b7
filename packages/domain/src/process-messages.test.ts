import { describe, expect, it } from 'vitest';
import {
  applyRealtimeMessage,
  type BackgroundProcess,
  downloadFileName,
  downloadTarget,
  isDownloadSource,
  mergeStoredNotifications,
  PROCESS_ID_REQUIRED,
  processProgress,
  type RealtimeState,
  routeMessage,
} from './process-messages.ts';

const EMPTY: RealtimeState = { processes: [], notifications: [], messages: [] };

function running(id: string, progress: number, source = 'export_document'): BackgroundProcess {
  return {
    id,
    source,
    info: { status: 'running', progress, message: `At ${progress}`, displayType: 'progress' },
  };
}

function withProcesses(...processes: BackgroundProcess[]): RealtimeState {
  return { ...EMPTY, processes };
}

describe('routeMessage', () => {
  it('sends workflow, document processing, export_document and dashboards to processes', () => {
    for (const source of ['workflow', 'document processing', 'export_document', 'dashboards']) {
      expect(routeMessage(source)).toBe('processes');
    }
  });

  it('sends notification to notifications and any other source to messages', () => {
    expect(routeMessage('notification')).toBe('notifications');
    expect(routeMessage('announcement')).toBe('messages');
    expect(routeMessage('Workflow')).toBe('messages');
    expect(routeMessage('')).toBe('messages');
  });
});

describe('applyRealtimeMessage: processes', () => {
  it('rejects a process message without id with the exact message', () => {
    expect(() => applyRealtimeMessage(EMPTY, { source: 'workflow', info: { progress: 5 } })).toThrow(
      new Error('Provided data for background processes must have ID'),
    );
    expect(() => applyRealtimeMessage(EMPTY, { id: '', source: 'dashboards', info: {} })).toThrow(
      PROCESS_ID_REQUIRED,
    );
    expect(() => applyRealtimeMessage(EMPTY, { id: null, source: 'export_document' })).toThrow(
      PROCESS_ID_REQUIRED,
    );
  });

  it('does not require an id for notifications or messages', () => {
    const { state } = applyRealtimeMessage(EMPTY, { source: 'notification', info: { message: 'Hello' } });
    expect(state.notifications).toEqual([{ source: 'notification', info: { message: 'Hello' } }]);
  });

  it('adds a new process at the front', () => {
    const state = withProcesses(running('a', 10));
    const next = applyRealtimeMessage(state, { id: 'b', source: 'workflow', info: { progress: 0 } });
    expect(next.state.processes.map((p) => p.id)).toEqual(['b', 'a']);
    expect(next.events).toEqual([]);
  });

  it('replaces the process with the same id where it stands', () => {
    const state = withProcesses(running('a', 10), running('b', 20), running('c', 30));
    const next = applyRealtimeMessage(state, {
      id: 'b',
      source: 'export_document',
      info: { status: 'running', progress: 45, message: 'Writing rows' },
    });
    expect(next.state.processes.map((p) => p.id)).toEqual(['a', 'b', 'c']);
    expect(next.state.processes[1]?.info).toEqual({
      status: 'running',
      progress: 45,
      message: 'Writing rows',
    });
  });

  it('never mutates the given state', () => {
    const state = withProcesses(running('a', 10));
    const snapshot = JSON.parse(JSON.stringify(state)) as RealtimeState;
    applyRealtimeMessage(state, { id: 'a', source: 'workflow', info: { progress: 50 } });
    applyRealtimeMessage(state, { id: 'a', source: 'workflow', info: { status: 'ERROR' } });
    applyRealtimeMessage(state, { id: 'n', source: 'notification', info: {} });
    expect(state).toEqual(snapshot);
  });

  it('removes the matching process on status error in any letter case and keeps the error to show', () => {
    for (const status of ['error', 'Error', 'ERROR']) {
      const state = withProcesses(running('a', 10), running('b', 20));
      const next = applyRealtimeMessage(state, {
        id: 'b',
        source: 'export_document',
        info: { status, message: 'Disk full' },
      });
      expect(next.state.processes.filter((p) => p.id === 'b' && p.info.status === 'running')).toEqual([]);
      expect(next.state.processes).toEqual([
        { id: 'b', source: 'export_document', info: { status, message: 'Disk full' } },
        running('a', 10),
      ]);
      expect(next.events).toEqual([]);
    }
  });

  it('treats a status that only contains error as an ordinary update', () => {
    const state = withProcesses(running('a', 10), running('b', 20));
    const next = applyRealtimeMessage(state, {
      id: 'b',
      source: 'workflow',
      info: { status: 'errored', progress: 30 },
    });
    expect(next.state.processes.map((p) => p.id)).toEqual(['a', 'b']);
  });

  it('emits process-completed and removes the process at progress 100', () => {
    const state = withProcesses(running('a', 10), running('b', 90));
    const message = {
      id: 'b',
      source: 'export_document',
      info: {
        status: 'completed',
        progress: 100,
        message: 'Export ready: a.csv',
        url: '/api/exports/t/a.csv',
      },
    };
    const next = applyRealtimeMessage(state, message);
    expect(next.state.processes.map((p) => p.id)).toEqual(['a']);
    expect(next.events).toEqual([{ type: 'process-completed', process: { ...message } }]);
  });

  it('emits process-completed above 100 too, and for a process it never saw', () => {
    const next = applyRealtimeMessage(EMPTY, { id: 'z', source: 'dashboards', info: { progress: 150 } });
    expect(next.state.processes).toEqual([]);
    expect(next.events).toHaveLength(1);
    expect(next.events[0]?.process.id).toBe('z');
  });

  it('does not complete at 99', () => {
    const next = applyRealtimeMessage(EMPTY, { id: 'z', source: 'workflow', info: { progress: 99 } });
    expect(next.events).toEqual([]);
    expect(next.state.processes).toHaveLength(1);
  });
});

describe('applyRealtimeMessage: notifications and messages', () => {
  it('adds notification messages at the front of their list', () => {
    let state = EMPTY;
    state = applyRealtimeMessage(state, {
      id: 'n1',
      source: 'notification',
      info: { message: 'First' },
    }).state;
    state = applyRealtimeMessage(state, {
      id: 'n2',
      source: 'notification',
      info: { message: 'Second' },
    }).state;
    expect(state.notifications.map((n) => n.id)).toEqual(['n2', 'n1']);
    expect(state.processes).toEqual([]);
    expect(state.messages).toEqual([]);
  });

  it('does not double a notification that arrives twice', () => {
    let state = EMPTY;
    state = applyRealtimeMessage(state, { id: 'n1', source: 'notification', info: { message: 'Old' } }).state;
    state = applyRealtimeMessage(state, {
      id: 'n2',
      source: 'notification',
      info: { message: 'Other' },
    }).state;
    state = applyRealtimeMessage(state, { id: 'n1', source: 'notification', info: { message: 'New' } }).state;
    expect(state.notifications.map((n) => [n.id, n.info.message])).toEqual([
      ['n2', 'Other'],
      ['n1', 'New'],
    ]);
  });

  it('files unmapped sources under messages, at the front', () => {
    let state = EMPTY;
    state = applyRealtimeMessage(state, { id: 'm1', source: 'announcement', info: { message: 'A' } }).state;
    state = applyRealtimeMessage(state, { id: 'm2', source: 'maintenance', info: { message: 'B' } }).state;
    expect(state.messages.map((m) => m.id)).toEqual(['m2', 'm1']);
    expect(state.notifications).toEqual([]);
  });
});

describe('mergeStoredNotifications', () => {
  it('puts fetched notifications (newest first) ahead of known ones in the server order, without doubles', () => {
    let state = applyRealtimeMessage(EMPTY, {
      id: 'n2',
      source: 'notification',
      info: { message: 'live' },
    }).state;
    state = applyRealtimeMessage(state, {
      id: 'n1',
      source: 'notification',
      info: { message: 'older' },
    }).state;
    const merged = mergeStoredNotifications(state, [
      {
        id: 'n4',
        source: 'export_document',
        info: { message: 'newest' },
        read: false,
        created_at: '2026-01-01T00:00:04Z',
      },
      {
        id: 'n3',
        source: 'export_document',
        info: { message: 'newer' },
        read: false,
        created_at: '2026-01-01T00:00:03Z',
      },
      {
        id: 'n2',
        source: 'export_document',
        info: { message: 'live' },
        read: false,
        created_at: '2026-01-01T00:00:02Z',
      },
    ]);
    expect(merged.notifications.map((n) => n.id)).toEqual(['n4', 'n3', 'n1', 'n2']);
    expect(merged.notifications.find((n) => n.id === 'n2')?.created_at).toBe('2026-01-01T00:00:02Z');
  });
});

describe('processProgress', () => {
  it('defaults to 0 and stays within 0–100', () => {
    expect(processProgress({ id: 'a', source: 'workflow', info: {} })).toBe(0);
    expect(processProgress(running('a', 42))).toBe(42);
    expect(processProgress(running('a', 140))).toBe(100);
    expect(processProgress(running('a', -3))).toBe(0);
  });
});

describe('downloads', () => {
  it('downloads only for export_document and dashboards', () => {
    expect(isDownloadSource('export_document')).toBe(true);
    expect(isDownloadSource('dashboards')).toBe(true);
    expect(isDownloadSource('workflow')).toBe(false);
    expect(isDownloadSource('document processing')).toBe(false);
  });

  it('takes the last path segment of info.url, without query or hash', () => {
    expect(downloadFileName({ url: '/api/exports/abc/notifications-2026.csv' })).toBe(
      'notifications-2026.csv',
    );
    expect(downloadFileName({ url: 'https://files.example.com/exports/report.xlsx?sig=1#top' })).toBe(
      'report.xlsx',
    );
    expect(downloadFileName({ url: 'exports/plain.csv', message: '/other/ignored.csv' })).toBe('plain.csv');
  });

  it('decodes the name, and keeps it as it is when it is not valid encoding', () => {
    expect(downloadFileName({ url: '/d/Bank%20statement%20%231.xlsx' })).toBe('Bank statement #1.xlsx');
    expect(downloadFileName({ url: '/d/100%.csv' })).toBe('100%.csv');
  });

  it('falls back to the message when it is an address', () => {
    expect(downloadTarget({ message: '/api/exports/t/members.csv' })).toEqual({
      url: '/api/exports/t/members.csv',
      fileName: 'members.csv',
    });
    expect(downloadFileName({ message: 'https://cdn.example.com/dash/board.pdf' })).toBe('board.pdf');
  });

  it('finds no name in a sentence, an empty info, a host alone or a trailing slash', () => {
    expect(downloadFileName({ message: 'Export ready: members.csv' })).toBeNull();
    expect(downloadFileName({})).toBeNull();
    expect(downloadFileName({ url: '  ' })).toBeNull();
    expect(downloadFileName({ url: 'https://files.example.com' })).toBeNull();
    expect(downloadFileName({ url: 'https://files.example.com/exports/' })).toBeNull();
  });
});
