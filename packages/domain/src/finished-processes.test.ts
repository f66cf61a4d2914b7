import { describe, expect, it } from 'vitest';
import {
  applyRealtimeMessage,
  type BackgroundProcess,
  mergeStoredNotifications,
  type RealtimeState,
} from './process-messages.ts';

/** A tab that was away when a job ended still shows its card; the job's notification clears it. */
const card: BackgroundProcess = {
  id: 'job-1',
  source: 'export_document',
  info: { status: 'running', progress: 40, displayType: 'progress' },
};
const failed: BackgroundProcess = {
  id: 'job-2',
  source: 'export_document',
  info: { status: 'error', message: 'Boom' },
};
const other: BackgroundProcess = {
  id: 'job-3',
  source: 'workflow',
  info: { status: 'running', progress: 10 },
};
const state: RealtimeState = { processes: [card, failed, other], notifications: [], messages: [] };

describe('notifications about finished jobs', () => {
  it('drop the stale card of the job they name when they arrive live', () => {
    const { state: next } = applyRealtimeMessage(state, {
      id: 'n-1',
      source: 'notification',
      info: { status: 'completed', message: 'Export ready: a.csv', process_id: 'job-1' },
    });
    expect(next.processes.map((p) => p.id)).toEqual(['job-2', 'job-3']);
    expect(next.notifications.map((n) => n.id)).toEqual(['n-1']);
  });

  it('drop stale cards when fetched after a reconnect, but keep error alerts until closed', () => {
    const next = mergeStoredNotifications(state, [
      {
        id: 'n-2',
        source: 'export_document',
        info: { status: 'error', message: 'Boom', process_id: 'job-2' },
      },
      { id: 'n-1', source: 'export_document', info: { status: 'completed', process_id: 'job-1' } },
    ]);
    expect(next.processes.map((p) => p.id)).toEqual(['job-2', 'job-3']);
  });

  it('leave every card alone when they name no process', () => {
    const { state: next } = applyRealtimeMessage(state, {
      id: 'n-3',
      source: 'notification',
      info: { message: 'Hi' },
    });
    expect(next.processes).toBe(state.processes);
  });
});
