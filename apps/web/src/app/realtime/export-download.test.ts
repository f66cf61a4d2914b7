import type { BackgroundProcess } from '@counterpart/domain';
import { describe, expect, it, vi } from 'vitest';
import { type DownloadDependencies, downloadCompletedProcess } from './export-download.ts';

vi.mock('../../shared/session/http-client.ts', () => ({ http: {} }));
vi.mock('../../shared/ui/toast.tsx', () => ({ toast: {} }));

function dependencies(saveFile: DownloadDependencies['saveFile'] = async () => {}) {
  const shown: string[] = [];
  const deps: DownloadDependencies = {
    saveFile: vi.fn(saveFile),
    notify: {
      success: (title) => shown.push(`success: ${title}`),
      error: (title, message) => shown.push(`error: ${title} (${message})`),
    },
    once: async (_key, task) => task(),
  };
  return { deps, shown };
}

function completed(source: string, info: BackgroundProcess['info']): BackgroundProcess {
  return { id: 'job-1', source, info: { status: 'completed', progress: 100, ...info } };
}

describe('downloadCompletedProcess', () => {
  it('shows Downloading... and saves the file of a completed export under the name from its url', async () => {
    const { deps, shown } = dependencies();
    await downloadCompletedProcess(
      completed('export_document', {
        url: '/api/exports/tok/notifications-2026-01-02.csv',
        message: 'Export ready',
      }),
      deps,
    );
    expect(shown).toEqual(['success: Downloading...']);
    expect(deps.saveFile).toHaveBeenCalledWith(
      '/api/exports/tok/notifications-2026-01-02.csv',
      'notifications-2026-01-02.csv',
    );
  });

  it('does the same for dashboards, taking the address from the message when there is no url', async () => {
    const { deps } = dependencies();
    await downloadCompletedProcess(completed('dashboards', { message: '/files/board%201.pdf' }), deps);
    expect(deps.saveFile).toHaveBeenCalledWith('/files/board%201.pdf', 'board 1.pdf');
  });

  it('does nothing for other sources or when no file name is found', async () => {
    const { deps, shown } = dependencies();
    await downloadCompletedProcess(completed('workflow', { url: '/files/out.csv' }), deps);
    await downloadCompletedProcess(completed('export_document', { message: 'Export ready: a.csv' }), deps);
    await downloadCompletedProcess(completed('export_document', { url: '/api/exports/' }), deps);
    expect(shown).toEqual([]);
    expect(deps.saveFile).not.toHaveBeenCalled();
  });

  it('claims the download per process id, so only one tab downloads it', async () => {
    const { deps } = dependencies();
    const keys: string[] = [];
    deps.once = async (key) => {
      keys.push(key);
    };
    await downloadCompletedProcess(completed('export_document', { url: '/f/a.csv' }), deps);
    expect(keys).toEqual(['counterpart-download:job-1']);
    expect(deps.saveFile).not.toHaveBeenCalled();
  });

  it('tells the user when the download fails', async () => {
    const { deps, shown } = dependencies(async () => Promise.reject(new Error('Not Found')));
    await downloadCompletedProcess(completed('export_document', { url: '/f/a.csv' }), deps);
    expect(shown).toEqual(['success: Downloading...', 'error: Download failed (Not Found)']);
  });
});
